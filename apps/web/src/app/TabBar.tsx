import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CoinIcon, EcologyIcon, MachineIcon, PersonIcon, SwapIcon } from '../components/icons.tsx';
import { webEnv } from '../config/env.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useInviteSearch } from '../lib/invite.ts';
import { LOCAL_KEYS } from '../lib/storage.ts';
import { usePreloadOnIntent } from '../lib/use-preload-on-intent.ts';
import { routes } from './routes.tsx';

/** Tab index → route (SPEC.md point 2); tab 0 is the external swap link. */
export const TAB_PATHS = { 1: '/', 2: '/machine', 3: '/me', 4: '/ecology' } as const;

const TABS = [
  { index: 1, labelKey: 'tabs.coin', Icon: CoinIcon },
  { index: 2, labelKey: 'tabs.machine', Icon: MachineIcon },
  { index: 3, labelKey: 'tabs.me', Icon: PersonIcon },
  { index: 4, labelKey: 'tabs.ecology', Icon: EcologyIcon },
] as const;

/** A tab's link, its screen's chunk fetched on intent (seen, touched or focused). */
function TabLink({ path, search, active, onClick, testId, children }: TabLinkProps) {
  const ref = usePreloadOnIntent<HTMLAnchorElement>(routes.find((route) => route.path === path));
  return (
    <Link
      ref={ref}
      to={`${path}${search}`}
      className={`tab${active ? ' tab-active' : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </Link>
  );
}

interface TabLinkProps {
  path: string;
  search: string;
  active: boolean;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}

export function TabBar({ active }: { active: number }) {
  const { t } = useTranslation();
  const search = useInviteSearch();
  const remember = (index: number) => window.localStorage.setItem(LOCAL_KEYS.currentIndex, String(index));
  return (
    <nav className="tab-bar" aria-label={t('app.name')} data-testid="tab-bar">
      <a className="tab" href={webEnv.swapUrl} target="_blank" rel="noopener noreferrer" data-testid="tab-swap">
        <SwapIcon />
        <span>{t('tabs.swap')}</span>
        <span className="visually-hidden">({t('common.opensInNewTab')})</span>
      </a>
      {TABS.map(({ index, labelKey, Icon }) => (
        <TabLink
          key={index}
          path={TAB_PATHS[index]}
          search={search}
          active={index === active}
          onClick={() => remember(index)}
          testId={`tab-${index}`}
        >
          <Icon />
          <span>{t(labelKey)}</span>
        </TabLink>
      ))}
    </nav>
  );
}
