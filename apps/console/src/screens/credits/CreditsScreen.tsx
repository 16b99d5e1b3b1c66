import { useTranslation } from 'react-i18next';

/** Placeholder: this section's screen is built next (issue 16 item 4). */
export function CreditsScreen() {
  const { t } = useTranslation();
  return <h1>{t('shell.nav.credits')}</h1>;
}
