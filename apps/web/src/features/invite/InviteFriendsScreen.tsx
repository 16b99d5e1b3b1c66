import { Money } from '@aidf/contract';
import { Link } from 'wouter';
import { Amount } from '../../components/Amount.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useHomeUser } from '../../lib/account-queries.ts';
import { inviteLink } from '../../lib/invite.ts';
import { useTeam } from '../../lib/use-team.ts';

/**
 * /invitefriends: the invitation link with its QR code, copy and the phone's share sheet (copy
 * where the Web Share API is missing or refused), how many joined through it and what they earned the user.
 */
export default function InviteFriendsScreen() {
  const { t } = useTranslation();
  const home = useHomeUser();
  const team = useTeam(null);
  const code = home.data?.inviteCode;
  if (!code) return null;
  const link = inviteLink(code);
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => showToast(t('invite.copied'), 'success'),
      () => showToast(link),
    );
  const share = async () => {
    const data = { title: t('invite.shareTitle'), text: t('invite.shareText'), url: link };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return; // the user closed the sheet
      }
    }
    await copy();
  };
  const earned = (team.data?.income ?? []).reduce((sum, row) => sum.plus(row.amount), new Money(0));
  return (
    <div className="stack" data-testid="invite-friends">
      <section className="card stack-sm team-card">
        <h2 className="section-title">{t('invite.yourLink')}</h2>
        <QrCode text={link} label={t('invite.qrLabel')} testId="invite-qr" />
        <p className="mono small invite-link" data-testid="invite-link">
          <bdi dir="ltr">{link}</bdi>
        </p>
        <p className="small">
          {t('invite.yourCode')} <bdi className="mono">{code}</bdi>
        </p>
        <div className="button-row">
          <button type="button" className="button" onClick={share} data-testid="invite-share">
            {t('invite.share')}
          </button>
          <button type="button" className="button button-quiet" onClick={copy} data-testid="invite-copy">
            {t('invite.copy')}
          </button>
        </div>
      </section>
      <section className="card stack-sm team-card" data-testid="invite-results">
        <dl className="figures small">
          <div>
            <dt>{t('invite.joined')}</dt>
            <dd data-testid="invite-joined">{team.data?.directCount ?? 0}</dd>
          </div>
          <div>
            <dt>{t('invite.teamSize')}</dt>
            <dd>{team.data?.teamSize ?? 0}</dd>
          </div>
          <div>
            <dt>{t('invite.earned')}</dt>
            <dd data-testid="invite-earned">
              <Amount amount={earned.toFixed()} currency="AIDF" />
            </dd>
          </div>
        </dl>
        <Link className="link-button small" to="/ecology">
          {t('invite.seeTeam')}
        </Link>
      </section>
    </div>
  );
}
