import { useTranslation } from '../i18n/use-translation.ts';
import { Skeleton } from './Skeleton.tsx';

/**
 * A loading circle within a line of text (`inline`, e.g. in a busy button). A block on its own is a skeleton:
 * a screen or dialog that waits for data shows the shape of what comes, not a bare spinner.
 */
export function Spinner({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  if (inline) return <span className="spinner spinner-inline" role="progressbar" aria-label={t('common.loading')} />;
  return <Skeleton />;
}
