import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, setLanguage } from '../i18n/index.ts';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language">
      <span className="sr-only">{t('shell.language')}</span>
      <select value={i18n.language} onChange={(e) => setLanguage(e.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}
