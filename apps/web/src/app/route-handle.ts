import type { Messages } from '../i18n/index.ts';

/** What the shell needs to know about a screen: its title, its tab, its header control, its guard. */
export interface RouteHandle {
  titleKey: `titles.${keyof Messages['titles']}`;
  /** Tab index of SPEC.md point 2: 1 coin home, 2 machine, 3 me, 4 ecology. */
  tab?: 1 | 2 | 3 | 4;
  /** The bill screen shows a back arrow; every other screen that is not a tab shows a cross. */
  lead: 'brand' | 'cross' | 'back';
  requiresLogin?: boolean;
}
