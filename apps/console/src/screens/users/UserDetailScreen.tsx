import { useTranslation } from 'react-i18next';

export function UserDetailScreen() {
  const { t } = useTranslation();
  return <h1>{t('shell.nav.users')}</h1>;
}
