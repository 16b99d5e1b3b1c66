import { CHAINS, languageInfo, maskAddress, type TChainName } from '@aidf/contract';
import { useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { BackIcon, BscMark, CrossIcon, GlobeIcon, SolanaMark, TicketsIcon } from '../components/icons.tsx';
import { UserText } from '../components/UserText.tsx';
import { NotificationBell } from '../features/notifications/NotificationBell.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { useInviteSearch } from '../lib/invite.ts';
import { openLoginDialog } from '../lib/login-dialog.ts';
import { useSession } from '../lib/session.ts';
import { LOCAL_KEYS } from '../lib/storage.ts';
import { goBack } from './navigation.ts';
import type { RouteHandle } from './route-handle.ts';
import { TAB_PATHS } from './TabBar.tsx';
import { useFitText } from './use-fit-text.ts';

/** The chain's mark; nothing at all while no chain is chosen (no empty placeholder circle). */
function ChainBadge({ chain }: { chain: TChainName | null }) {
  const { t } = useTranslation();
  if (chain === CHAINS.bsc.name) return <BscMark role="img" aria-label={t('header.chainBsc')} width={20} height={20} />;
  if (chain === CHAINS.solana.name) {
    return <SolanaMark role="img" aria-label={t('header.chainSolana')} width={20} height={20} />;
  }
  return null;
}

/** Chain, masked address and username when signed in; a sign-in chip otherwise. */
function AccountChip() {
  const { t } = useTranslation();
  const session = useSession();
  if (!(session.isLogin && session.userInfo)) {
    return (
      <button type="button" className="login-chip" onClick={() => openLoginDialog('chain')} data-testid="header-user">
        {t('common.notLoggedIn')}
      </button>
    );
  }
  return (
    <div className="account-chip" data-testid="account-strip">
      <ChainBadge chain={session.chain} />
      <span className="account-lines">
        <UserText className="username" data-testid="header-user">
          {session.userInfo.username}
        </UserText>
        {session.walletAddress && (
          <bdi dir="ltr" className="address" data-testid="header-address">
            {maskAddress(session.walletAddress)}
          </bdi>
        )}
      </span>
    </div>
  );
}

function LeadControl({ lead }: { lead: RouteHandle['lead'] }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = useInviteSearch();
  if (lead === 'brand') {
    return (
      <Link to={`/${search}`} className="brand-mark" aria-label={t('app.name')}>
        <img src="/favicon.svg" alt="" width={30} height={30} />
      </Link>
    );
  }
  // The bill screen goes back in history; every other screen's cross returns to the tab the user came from.
  const action =
    lead === 'back'
      ? {
          run: () => goBack(`/${search}`),
          label: t('common.back'),
          testId: 'header-back',
          Icon: BackIcon,
        }
      : {
          run: () => {
            const tab = Number(window.localStorage.getItem(LOCAL_KEYS.currentIndex));
            navigate(`${TAB_PATHS[tab as keyof typeof TAB_PATHS] ?? '/'}${search}`);
          },
          label: t('common.close'),
          testId: 'header-close',
          Icon: CrossIcon,
        };
  return (
    <button
      type="button"
      className="icon-button"
      onClick={action.run}
      aria-label={action.label}
      data-testid={action.testId}
    >
      <action.Icon />
    </button>
  );
}

/**
 * One compact row (SPEC.md point 2): the lead control, the title (at most two lines, wrapped between words
 * only, its font shrunk to fit), the account and the language.
 */
export function Header({ handle }: { handle: RouteHandle | undefined }) {
  const { t, i18n } = useTranslation();
  const isPersonal = handle?.tab === 3;
  const title = handle ? t(handle.titleKey) : t('app.name');
  const titleRef = useRef<HTMLHeadingElement>(null);
  useFitText(titleRef, title);
  return (
    <header className="app-header">
      <div className="header-row">
        <div className="header-lead">
          {isPersonal ? (
            <Link
              to="/problemfeedback"
              className="icon-button"
              aria-label={t('header.tickets')}
              data-testid="header-tickets"
            >
              <TicketsIcon />
            </Link>
          ) : (
            handle && <LeadControl lead={handle.lead} />
          )}
        </div>
        <h1 className="header-title" ref={titleRef}>
          {title}
        </h1>
        <AccountChip />
        <NotificationBell />
        <Link
          to="/language"
          className="language-pill"
          aria-label={t('header.chooseLanguage')}
          data-testid="header-language"
        >
          <GlobeIcon width={14} height={14} />
          <span>{languageInfo(i18n.language).name}</span>
        </Link>
      </div>
    </header>
  );
}
