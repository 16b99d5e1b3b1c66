import type { ComponentType } from 'react';
import { Route } from 'wouter';
import { AnnouncementsScreen } from '../screens/announcements/AnnouncementsScreen.tsx';
import { AuditScreen } from '../screens/audit/AuditScreen.tsx';
import { ConfigScreen } from '../screens/config/ConfigScreen.tsx';
import { CreditsScreen } from '../screens/credits/CreditsScreen.tsx';
import { DashboardScreen } from '../screens/dashboard/DashboardScreen.tsx';
import { OperatorsScreen } from '../screens/operators/OperatorsScreen.tsx';
import { PayoutsScreen } from '../screens/payouts/PayoutsScreen.tsx';
import { TicketsScreen } from '../screens/tickets/TicketsScreen.tsx';
import { TreasuryScreen } from '../screens/treasury/TreasuryScreen.tsx';
import { UserDetailScreen } from '../screens/users/UserDetailScreen.tsx';
import { UsersScreen } from '../screens/users/UsersScreen.tsx';
import type { Section } from './nav.ts';

/**
 * Each section's screens: its list and the deep links under it. A `nest` screen routes below its own path
 * itself (wouter nested routing: inside it, `/` is the section's page and `/:id` one of its items).
 */
const SCREENS: Record<Section['key'], { path: string; component: ComponentType; nest?: boolean }[]> = {
  dashboard: [{ path: '/', component: DashboardScreen }],
  users: [
    { path: '/users', component: UsersScreen },
    { path: '/users/:mid', component: UserDetailScreen },
  ],
  credits: [{ path: '/credits', component: CreditsScreen }],
  payouts: [{ path: '/payouts', component: PayoutsScreen }],
  treasury: [{ path: '/treasury', component: TreasuryScreen }],
  tickets: [{ path: '/tickets', component: TicketsScreen, nest: true }],
  config: [{ path: '/config', component: ConfigScreen, nest: true }],
  announcements: [{ path: '/announcements', component: AnnouncementsScreen, nest: true }],
  operators: [{ path: '/operators', component: OperatorsScreen, nest: true }],
  audit: [{ path: '/audit', component: AuditScreen }],
};

/** The routes of the sections this operator may use; wouter's Switch takes the array as its children. */
export function screenRoutes(sections: readonly Section[]) {
  return sections.flatMap((s) =>
    SCREENS[s.key].map((screen) => (
      <Route key={screen.path} path={screen.path} component={screen.component} nest={screen.nest} />
    )),
  );
}
