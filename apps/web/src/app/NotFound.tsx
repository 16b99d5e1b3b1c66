import { Link } from 'wouter';
import { EmptyState } from '../components/EmptyState.tsx';
import { useTranslation } from '../i18n/use-translation.ts';

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
