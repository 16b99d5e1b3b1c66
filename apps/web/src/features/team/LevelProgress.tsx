import { Money } from '@aidf/contract';
import { useTranslation } from '../../i18n/use-translation.ts';
import { amountOfText, amountText } from '../../lib/format.ts';
import type { StarLevelNumber } from './StarLevel.tsx';

interface Next {
  level: number;
  volumeNeeded: string;
  directNeeded: number;
  volumeMissing: string;
  directMissing: number;
}

function Bar({ label, done, missing, testId }: { label: string; done: number; missing: string; testId: string }) {
  const percent = Math.max(0, Math.min(100, done * 100));
  return (
    <div className="stack-sm" data-testid={testId}>
      <div className="row-between small">
        <span>{label}</span>
        <span className="muted">{missing}</span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
      >
        <span className="progress-fill" style={{ inlineSize: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The way to the next star level: two bars (team volume, direct invitees), each naming what is still missing. */
export function LevelProgress({
  next,
  volume,
  currency,
  direct,
}: {
  next: Next | null;
  volume: string;
  /** The volume's unit, as the server sends it. */
  currency: string;
  direct: number;
}) {
  const { t } = useTranslation();
  if (!next) return <p className="muted small">{t('team.topLevel')}</p>;
  const needed = new Money(next.volumeNeeded);
  const volumeDone = needed.isZero() ? 1 : Math.min(1, new Money(volume).div(needed).toNumber());
  const directDone = next.directNeeded === 0 ? 1 : Math.min(1, direct / next.directNeeded);
  return (
    <div className="stack-sm" data-testid="level-progress">
      <p className="small">{t('team.toNext', { title: t(`team.level.${next.level as StarLevelNumber}`) })}</p>
      <Bar
        testId="progress-volume"
        label={t('team.teamVolumeOf', { progress: amountOfText(volume, next.volumeNeeded, currency) })}
        done={volumeDone}
        missing={
          new Money(next.volumeMissing).isZero()
            ? t('team.reached')
            : t('team.missingVolume', { amount: amountText(next.volumeMissing, currency) })
        }
      />
      <Bar
        testId="progress-direct"
        label={t('team.directOf', { count: direct, needed: next.directNeeded })}
        done={directDone}
        missing={next.directMissing === 0 ? t('team.reached') : t('team.missingDirect', { count: next.directMissing })}
      />
    </div>
  );
}
