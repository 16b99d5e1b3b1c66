import { useState } from 'react';
import { Link } from 'wouter';
import { Amount } from '../../components/Amount.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { UserText } from '../../components/UserText.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDate } from '../../lib/format.ts';
import { openLoginDialog } from '../../lib/login-dialog.ts';
import { useSession } from '../../lib/session.ts';
import { useTeam } from '../../lib/use-team.ts';
import { IncomeByType } from './IncomeByType.tsx';
import { LevelProgress } from './LevelProgress.tsx';
import { StarLevel } from './StarLevel.tsx';

/**
 * Tab 4: the user's star level and what the next one lacks, the income by bonus type and the direct
 * invitees; a member opens his own team below (a path of usernames, back one step at a time).
 */
export default function TeamScreen() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session.isLogin) {
    return (
      <div className="card">
        <EmptyState title={t('empty.ecologyTitle')} text={t('empty.ecologyText')}>
          <button type="button" className="button" onClick={() => openLoginDialog('chain')}>
            {t('team.signIn')}
          </button>
        </EmptyState>
      </div>
    );
  }
  return <Team />;
}

function Team() {
  const { t, i18n } = useTranslation();
  const [path, setPath] = useState<string[]>([]);
  const of = path.at(-1) ?? null;
  const team = useTeam(of);
  const data = team.data;
  return (
    <div className="stack" data-testid="ecology">
      {path.length > 0 && (
        <nav className="row-inline small" aria-label={t('team.path')} data-testid="team-path">
          <button type="button" className="link-button small" onClick={() => setPath(path.slice(0, -1))}>
            {t('team.back')}
          </button>
          <span className="muted">{t('team.teamOf', { name: of })}</span>
        </nav>
      )}
      {team.isPending && <Skeleton />}
      {data && (
        <>
          <section className="card stack-sm team-card" data-testid="team-level" data-of={of ?? ''}>
            <div className="row-between">
              <StarLevel level={data.starLevel} />
              {path.length === 0 && (
                <Link className="link-button small" to="/invitefriends">
                  {t('team.invite')}
                </Link>
              )}
            </div>
            <dl className="figures small">
              <div>
                <dt>{t('team.teamVolume')}</dt>
                <dd data-testid="team-volume">
                  <Amount amount={data.teamPerformance} currency={data.volumeCurrency} />
                </dd>
              </div>
              <div>
                <dt>{t('team.directCount')}</dt>
                <dd data-testid="team-direct">{data.directCount}</dd>
              </div>
              <div>
                <dt>{t('team.teamSize')}</dt>
                <dd>{data.teamSize}</dd>
              </div>
            </dl>
            <LevelProgress
              next={data.next}
              volume={data.teamPerformance}
              currency={data.volumeCurrency}
              direct={data.directCount}
            />
          </section>
          {path.length === 0 && <IncomeByType income={data.income} />}
          <section className="stack-sm">
            <h2 className="section-title">{t('team.members')}</h2>
            {data.list.length === 0 ? (
              <div className="card">
                <EmptyState title={t('team.noMembers')} text={t('team.noMembersText')} />
              </div>
            ) : (
              <ul className="card option-list" data-testid="team-members">
                {data.list.map((m) => (
                  <li key={m.username}>
                    <button
                      type="button"
                      className="option"
                      data-testid="team-member"
                      onClick={() => setPath([...path, m.username])}
                      aria-label={t('team.openTeam', { name: m.username })}
                    >
                      <span className="stack-sm">
                        <span>
                          <UserText>{m.username}</UserText> · <StarLevel level={m.starLevel} size="sm" />
                        </span>
                        <small className="muted">
                          {t('team.joined', { date: formatDate(m.joinedAt, i18n.language) })} · {t('team.volumeShort')}{' '}
                          <Amount amount={m.performance} currency={data.volumeCurrency} /> · {t('team.boughtShort')}{' '}
                          <Amount amount={m.ownVolume} currency={data.volumeCurrency} /> ·{' '}
                          {t('team.directShort', { count: m.directCount })}
                        </small>
                      </span>
                      <span aria-hidden="true" className="muted chevron">
                        ›
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
