import type { RouteObject } from 'react-router';
import { Layout } from './Layout.tsx';
import { RouteError } from './RouteError.tsx';
import type { RouteHandle } from './route-handle.ts';

/** Each screen is its own chunk, fetched when its route is first opened. */
function screen(path: string, handle: RouteHandle, load: () => Promise<{ default: React.ComponentType }>): RouteObject {
  return {
    path,
    handle,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
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
        () => import('../features/ecology/EcologyScreen.tsx'),
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
        () => import('../features/feedback/ProblemFeedbackScreen.tsx'),
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
        () => import('../features/assets/PersonalAssetsScreen.tsx'),
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
        '/internalTransfer',
        { titleKey: 'titles.internalTransfer', lead: 'cross', requiresLogin: true },
        () => import('../features/transfer/InternalTransferScreen.tsx'),
      ),
      { path: '*', lazy: async () => ({ Component: (await import('./NotFound.tsx')).default }) },
    ],
  },
];
