import { useTranslation } from 'react-i18next';

/** A loading circle: a block of its own, or `inline` within a line of text. */
export function Spinner({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  if (inline) return <span className="spinner spinner-inline" role="progressbar" aria-label={t('common.loading')} />;
  return (
    <div className="spinner-wrap" role="progressbar" aria-label={t('common.loading')}>
      <span className="spinner" />
    </div>
  );
}
