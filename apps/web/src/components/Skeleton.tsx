import { useTranslation } from '../i18n/use-translation.ts';

/**
 * The shape of what is loading (a card of grey lines), in place of a bare spinner: the screen keeps its layout
 * while data comes. Screen readers hear "Loading…"; `aria-busy` tells tests the screen is not ready yet.
 */
export function Skeleton({ rows = 3, hero = false }: { rows?: number; hero?: boolean }) {
  const { t } = useTranslation();
  return (
    // An indeterminate progress bar, as the spinner was: "status" is the toasts' role, which tests look for.
    <div
      className="skeleton"
      role="progressbar"
      aria-label={t('common.loading')}
      aria-busy="true"
      data-testid="skeleton"
    >
      {hero && <span className="skeleton-block skeleton-hero" aria-hidden />}
      <span className="skeleton-card" aria-hidden>
        {Array.from({ length: rows }, (_, i) => (
          <span key={i} className="skeleton-row">
            <span className="skeleton-block skeleton-dot" />
            <span className="skeleton-lines">
              <span className="skeleton-block skeleton-line" />
              <span className="skeleton-block skeleton-line skeleton-short" />
            </span>
          </span>
        ))}
      </span>
    </div>
  );
}
