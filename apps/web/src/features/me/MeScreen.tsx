import { CHAINS, languageInfo, maskAddress, type TChainName } from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  BscMark,
  ChevronIcon,
  GiftIcon,
  SettingsIcon,
  ShieldIcon,
  SolanaMark,
  SupportIcon,
  WalletIcon,
} from '../../components/icons.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useBoundAddresses, useHomeUser, useUserInfo } from '../../lib/account-queries.ts';
import { openLoginDialog } from '../../lib/login-dialog.ts';
import { clearLogin, useSession } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { BindCodeField, type EmailCode } from './BindCodeField.tsx';
import { EmailDialog } from './EmailDialog.tsx';
import { InviterDialog } from './InviterDialog.tsx';
import { LinkList, MeGroup } from './MeGroup.tsx';
import { TipsDialog } from './TipsDialog.tsx';
import { type BindConfirmation, useAddressChange } from './use-address-change.ts';

const WALLET_LINKS = [
  ['/personalAssets', 'titles.personalAssets'],
  ['/recharge', 'titles.recharge'],
  ['/withdraw', 'titles.withdraw'],
  ['/internalTransfer', 'titles.internalTransfer'],
  ['/bill', 'titles.bill'],
  ['/incomeDetail', 'titles.incomeDetail'],
  ['/currencyStatement', 'titles.currencyStatement'],
] as const;
const SUPPORT_LINKS = [['/problemfeedback', 'titles.problemfeedback']] as const;

const CHAIN_ROWS = [
  { chain: CHAINS.bsc.name, currency: CHAINS.bsc.currency, Mark: BscMark },
  { chain: CHAINS.solana.name, currency: CHAINS.solana.currency, Mark: SolanaMark },
] as const;

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => showToast(t('me.copied'), 'success'),
      () => showToast(text),
    );
  return (
    <button type="button" className="link-button small" onClick={copy}>
      {label}
    </button>
  );
}

export default function MeScreen() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const call = useApi();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const bound = useBoundAddresses();
  const homeUser = useHomeUser();
  const user = useUserInfo();
  const addressChange = useAddressChange();
  const [tips, setTips] = useState<{ kind: 'bind' | 'unbind'; chain: TChainName; address?: string } | null>(null);
  const [emailCode, setEmailCode] = useState<EmailCode>({ verifyCodeId: null, verifyCode: '' });
  const [inviterOpen, setInviterOpen] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);

  const boundOf = (currency: string) => bound.data?.bindAddress.find((b) => b.currency === currency)?.walletAddress;
  const signInAddress = user.data?.walletAddress ?? null;
  // A bind is confirmed by the wallet already bound (the other chain's), else by a code to the account's e-mail.
  const boundChain = CHAIN_ROWS.find((row) => boundOf(row.currency))?.chain;
  const bindByEmail = boundChain === undefined ? (user.data?.email ?? null) : null;
  const bindConfirmation = (): BindConfirmation | undefined => {
    if (boundChain) return { by: 'wallet', chain: boundChain };
    const { verifyCodeId, verifyCode } = emailCode;
    if (bindByEmail && verifyCodeId) return { by: 'email', verifyCodeId, verifyCode };
    return undefined;
  };
  const bindText = (chain: TChainName) =>
    [
      t('tips.bindText', { chain }),
      boundChain ? t('tips.bindCoSign', { chain: boundChain }) : '',
      bindByEmail ? t('tips.bindByEmail', { email: bindByEmail }) : '',
    ]
      .filter(Boolean)
      .join(' ');

  async function signOut() {
    await call('logout', {}).catch(() => {});
    clearLogin({ byUser: true });
    navigate('/', { replace: true });
    queryClient.clear();
    showToast(t('auth.signedOut'));
  }

  return (
    <div className="stack">
      <section className="card profile-card" data-testid="profile">
        <div className="avatar" aria-hidden>
          {(session.userInfo?.username ?? '?').slice(0, 1).toUpperCase()}
        </div>
        <div className="profile-text">
          <h2 className="profile-name">{session.userInfo?.username}</h2>
          {session.walletAddress ? (
            <span className="row-inline">
              <bdi dir="ltr" className="muted small" data-testid="profile-address">
                {maskAddress(session.walletAddress)}
              </bdi>
              <CopyButton text={session.walletAddress} label={t('me.copy')} />
            </span>
          ) : (
            user.data?.email && (
              <bdi dir="ltr" className="muted small">
                {user.data.email}
              </bdi>
            )
          )}
        </div>
      </section>

      <MeGroup id="me-wallet" title={t('me.groupWallet')} Icon={WalletIcon}>
        <LinkList links={WALLET_LINKS} label={t('me.groupWallet')} />
      </MeGroup>

      <MeGroup id="me-account" title={t('me.groupAccount')} Icon={ShieldIcon}>
        <ul className="card option-list" data-testid="bound-addresses" aria-label={t('me.boundAddresses')}>
          {CHAIN_ROWS.map(({ chain, currency, Mark }) => {
            const address = boundOf(currency);
            const isSignIn = address !== undefined && address === signInAddress;
            return (
              <li key={chain} className="option" data-testid={`bound-${currency}`}>
                <span className="row-inline">
                  <Mark width={22} height={22} />
                  <span className="option-text">
                    <span>{chain}</span>
                    <bdi dir="ltr" className="muted small">
                      {address ? maskAddress(address) : t('me.notBound')}
                    </bdi>
                  </span>
                </span>
                {isSignIn ? (
                  <span className="muted small">{t('me.signInAddress')}</span>
                ) : (
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() =>
                      setTips({ kind: address ? 'unbind' : 'bind', chain, ...(address ? { address } : {}) })
                    }
                  >
                    {address ? t('me.unbind') : t('me.bind')}
                  </button>
                )}
              </li>
            );
          })}
          <li className="option" data-testid="email-row">
            <span className="option-text">
              <span>{t('email.label')}</span>
              <bdi dir="ltr" className="muted small" data-testid="email-current">
                {user.data?.email ?? t('email.none')}
              </bdi>
            </span>
            <button
              type="button"
              className="button button-small"
              onClick={() => setEmailOpen(true)}
              disabled={!user.data}
              data-testid="email-change"
            >
              {user.data?.email ? t('email.change') : t('email.add')}
            </button>
          </li>
          <li>
            <button
              type="button"
              className="option"
              onClick={() => openLoginDialog('reset')}
              data-testid="set-password"
            >
              <span>{user.data?.hasPassword ? t('me.resetPassword') : t('me.setPassword')}</span>
              <ChevronIcon className="muted" />
            </button>
          </li>
        </ul>
      </MeGroup>

      <MeGroup id="me-invitations" title={t('me.groupInvitations')} Icon={GiftIcon}>
        <div className="card option-list">
          <div className="option">
            <span>{t('me.myInviteCode')}</span>
            <span className="row-inline">
              <bdi dir="ltr" data-testid="my-invite-code">
                {homeUser.data?.inviteCode}
              </bdi>
              {homeUser.data && <CopyButton text={homeUser.data.inviteCode} label={t('common.copy')} />}
            </span>
          </div>
          <div className="option" data-testid="inviter-row">
            <span>{t('me.inviter')}</span>
            {homeUser.data?.inviterCode ? (
              <bdi dir="ltr">{homeUser.data.inviterCode}</bdi>
            ) : (
              <button type="button" className="button button-small" onClick={() => setInviterOpen(true)}>
                {t('me.bindInviter')}
              </button>
            )}
          </div>
          <Link to="/invitefriends" className="option">
            <span>{t('titles.invitefriends')}</span>
            <ChevronIcon className="muted" />
          </Link>
        </div>
      </MeGroup>

      <MeGroup id="me-support" title={t('me.groupSupport')} Icon={SupportIcon}>
        <LinkList links={SUPPORT_LINKS} label={t('me.groupSupport')} />
      </MeGroup>

      <MeGroup id="me-settings" title={t('me.groupSettings')} Icon={SettingsIcon}>
        <nav className="card option-list" aria-label={t('me.groupSettings')}>
          <Link to="/notificationSettings" className="option" data-testid="me-notification-settings">
            <span>{t('titles.notificationSettings')}</span>
            <ChevronIcon className="muted" />
          </Link>
          <Link to="/devices" className="option" data-testid="me-devices">
            <span>{t('titles.devices')}</span>
            <ChevronIcon className="muted" />
          </Link>
          <Link to="/language" className="option">
            <span>{t('common.language')}</span>
            <span className="row-inline muted small">
              {languageInfo(i18n.language).name}
              <ChevronIcon />
            </span>
          </Link>
        </nav>
      </MeGroup>

      <button type="button" className="button button-quiet" onClick={signOut} data-testid="sign-out">
        {t('auth.signOut')}
      </button>

      {tips && (
        <TipsDialog
          title={t(tips.kind === 'bind' ? 'tips.bindTitle' : 'tips.unbindTitle')}
          text={
            tips.kind === 'bind'
              ? bindText(tips.chain)
              : t('tips.unbindText', { chain: tips.chain, address: maskAddress(tips.address ?? '') })
          }
          busy={addressChange.pending}
          onClose={() => setTips(null)}
          onConfirm={async () => {
            if (tips.kind === 'bind' && bindByEmail && !/^\d{6}$/.test(emailCode.verifyCode)) {
              return showToast(t('messages.ecology_A2'), 'error');
            }
            if (await addressChange.change(tips.kind, tips.chain, bindConfirmation())) {
              setTips(null);
              setEmailCode({ verifyCodeId: null, verifyCode: '' });
            }
          }}
        >
          {tips.kind === 'bind' && bindByEmail && (
            <BindCodeField email={bindByEmail} value={emailCode} onChange={setEmailCode} />
          )}
        </TipsDialog>
      )}
      {inviterOpen && <InviterDialog onClose={() => setInviterOpen(false)} />}
      {emailOpen && (
        <EmailDialog
          current={user.data?.email ?? null}
          boundChain={boundChain ?? null}
          onClose={() => setEmailOpen(false)}
        />
      )}
    </div>
  );
}
