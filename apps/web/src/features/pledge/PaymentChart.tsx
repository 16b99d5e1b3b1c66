import { formatAmount, Money, type TPledgeOrder } from '@aidf/contract';
import { useTranslation } from '../../i18n/use-translation.ts';
import { paymentSchedule } from './pledge-math.ts';

const WIDTH = 300;
const HEIGHT = 96;

/**
 * The interest a pledge has paid (solid) and will pay (faint), cumulative per day, up to its interest at maturity
 * (the principal, returned on the last day, is not drawn): a small inline SVG, no chart library for one picture.
 * It reads left to right in every language, as time axes do.
 */
export function PaymentChart({ pledge }: { pledge: TPledgeOrder }) {
  const { t, i18n } = useTranslation();
  const points = paymentSchedule(pledge);
  const total = new Money(points.at(-1)?.cumulative ?? '0');
  const barWidth = WIDTH / points.length;
  return (
    <figure className="payment-chart" data-testid="pledge-chart" data-paid-days={pledge.paidDays}>
      <div dir="ltr">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={t('pledge.chartLabel')}
          preserveAspectRatio="none"
        >
          {points.map((p) => {
            const height = total.isZero() ? 0 : new Money(p.cumulative).div(total).times(HEIGHT).toNumber();
            return (
              <rect
                key={p.day}
                x={(p.day - 1) * barWidth}
                y={HEIGHT - height}
                width={Math.max(barWidth - 0.5, 0.5)}
                height={height}
                className={p.paid ? 'bar-paid' : 'bar-due'}
              />
            );
          })}
        </svg>
      </div>
      {/* The caption runs the bars' way (paid days under the left, maturity under the right) in every language;
          each label keeps its own language's direction inside. */}
      <figcaption className="row-between small muted" dir="ltr">
        <span dir={i18n.dir()} data-testid="pledge-chart-paid">
          {t('pledge.chartPaid', { days: pledge.paidDays, count: pledge.days })}
        </span>
        <span dir={i18n.dir()} data-testid="pledge-chart-interest">
          {t('pledge.chartInterest')} <bdi dir="ltr">{formatAmount(total.toFixed(), 6)} AIDF</bdi>
        </span>
      </figcaption>
    </figure>
  );
}
