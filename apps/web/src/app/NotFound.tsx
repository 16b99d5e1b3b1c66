import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { EmptyState } from '../components/EmptyState.tsx';

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState title={t('errors.1404')} text={t('common.pageNotFound')}>
      <Link className="button" to="/">
        {t('common.backToHome')}
      </Link>
    </EmptyState>
  );
}
