import type { ComponentType } from 'react';
import { matchRoute, useLocation, useRouter } from 'wouter';
import { withAllMessages } from '../i18n/index.ts';
import { type Preloadable, preloadable } from '../lib/preloadable.tsx';
import type { RouteHandle } from './route-handle.ts';

/** A screen of the app: its path (a wouter pattern), what the shell shows around it, and the screen itself. */
export interface AppRoute {
  path: string;
  handle: RouteHandle;
  Screen: ComponentType;
  preload: Preloadable['preload'];
}

/**
 * Each screen is its own chunk, fetched when its route is first opened or, sooner, in an idle moment after the first screen
 * has settled (preloadLater in main.tsx) or when a link to it is seen or touched (the tab bar); every screen but the first (home) also waits for all of English (i18n
 * loadAllMessages), the first screen's chunk carrying only its own words.
 */
function screen(path: string, handle: RouteHandle, load: () => Promise<{ default: ComponentType }>): AppRoute {
  const { Component, preload } = preloadable(path === '/' ? load : withAllMessages(load));
  return { path, handle, Screen: Component, preload };
}

/** The one route table: Layout matches the location against it, in order. */
export const routes: AppRoute[] = [
  screen('/', { titleKey: 'titles.home', tab: 1, lead: 'brand' }, () => import('./HomeScreen.tsx')),
  screen(
    '/machine',
    { titleKey: 'titles.machine', tab: 2, lead: 'brand' },
    () => import('../features/machine/MachineScreen.tsx'),
  ),
  screen(
    '/me',
    { titleKey: 'titles.me', tab: 3, lead: 'brand', requiresLogin: true },
    () => import('../features/me/MeScreen.tsx'),
  ),
  screen(
    '/ecology',
    { titleKey: 'titles.ecology', tab: 4, lead: 'brand' },
    () => import('../features/team/TeamScreen.tsx'),
  ),
  screen(
    '/invitefriends',
    { titleKey: 'titles.invitefriends', lead: 'cross', requiresLogin: true },
    () => import('../features/invite/InviteFriendsScreen.tsx'),
  ),
  screen(
    '/bill',
    { titleKey: 'titles.bill', lead: 'back', requiresLogin: true },
    () => import('../features/statements/BillScreen.tsx'),
  ),
  screen(
    '/problemfeedback',
    { titleKey: 'titles.problemfeedback', lead: 'cross', requiresLogin: true },
    () => import('../features/tickets/TicketsScreen.tsx'),
  ),
  screen(
    '/notifications',
    { titleKey: 'titles.notifications', lead: 'cross', requiresLogin: true },
    () => import('../features/notifications/InboxScreen.tsx'),
  ),
  screen(
    '/notificationSettings',
    { titleKey: 'titles.notificationSettings', lead: 'back', requiresLogin: true },
    () => import('../features/notifications/NotificationSettingsScreen.tsx'),
  ),
  screen(
    '/devices',
    { titleKey: 'titles.devices', lead: 'cross', requiresLogin: true },
    () => import('../features/notifications/DevicesScreen.tsx'),
  ),
  screen(
    '/language',
    { titleKey: 'titles.language', lead: 'cross' },
    () => import('../features/language/LanguageScreen.tsx'),
  ),
  screen(
    '/announcementdetails',
    { titleKey: 'titles.announcementdetails', lead: 'cross' },
    () => import('../features/announcements/AnnouncementDetailsScreen.tsx'),
  ),
  screen(
    '/personalAssets',
    { titleKey: 'titles.personalAssets', lead: 'cross', requiresLogin: true },
    () => import('./AssetsRoute.tsx'),
  ),
  screen(
    '/recharge',
    { titleKey: 'titles.recharge', lead: 'cross', requiresLogin: true },
    () => import('../features/recharge/RechargeScreen.tsx'),
  ),
  screen(
    '/withdraw',
    { titleKey: 'titles.withdraw', lead: 'cross', requiresLogin: true },
    () => import('../features/withdraw/WithdrawScreen.tsx'),
  ),
  screen(
    '/incomeDetail',
    { titleKey: 'titles.incomeDetail', lead: 'cross', requiresLogin: true },
    () => import('../features/statements/IncomeDetailScreen.tsx'),
  ),
  screen(
    '/currencyStatement',
    { titleKey: 'titles.currencyStatement', lead: 'cross', requiresLogin: true },
    () => import('../features/statements/CurrencyStatementScreen.tsx'),
  ),
  screen(
    '/monthStatement',
    { titleKey: 'titles.monthStatement', lead: 'back', requiresLogin: true },
    () => import('../features/statements/MonthStatementScreen.tsx'),
  ),
  screen(
    '/internalTransfer',
    { titleKey: 'titles.internalTransfer', lead: 'cross', requiresLogin: true },
    () => import('../features/transfer/InternalTransferScreen.tsx'),
  ),
];

/** Any other path: no handle (the header shows the app's name, no tab bar), like an unmatched route before. */
export const NotFound = preloadable(withAllMessages(() => import('./NotFound.tsx'))).Component;

/** The route of the current path (the first in the table that matches it); undefined: not found. */
export function useCurrentRoute(): AppRoute | undefined {
  const { parser } = useRouter();
  const [path] = useLocation();
  return routes.find((route) => matchRoute(parser, route.path, path)[0]);
}
