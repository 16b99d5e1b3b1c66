import { useTranslation } from 'react-i18next';

export function Spinner() {
  const { t } = useTranslation();
  return (
    <div className="spinner-wrap" role="progressbar" aria-label={t('common.loading')}>
      <span className="spinner" />
    </div>
  );
}
