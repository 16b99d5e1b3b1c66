import { LANGUAGES, type TAnnouncementText, type TLanguage } from '@aidf/contract';
import { useTranslation } from 'react-i18next';

/** One language's title, summary and body; Arabic is typed and shown right to left. */
export function LanguageFields({
  language,
  text,
  readOnly,
  onChange,
}: {
  language: TLanguage;
  text: TAnnouncementText;
  readOnly: boolean;
  onChange: (text: TAnnouncementText) => void;
}) {
  const { t } = useTranslation();
  const info = LANGUAGES.find((l) => l.code === language);
  const dir = info?.rtl ? 'rtl' : 'ltr';
  const lang = info?.htmlLang;
  return (
    <div className="card announcement-fields" role="tabpanel" id="language-panel" aria-labelledby={`tab-${language}`}>
      <label>
        {t('announcements.fieldTitle')}
        <input
          value={text.title}
          onChange={(e) => onChange({ ...text, title: e.target.value })}
          maxLength={200}
          dir={dir}
          lang={lang}
          readOnly={readOnly}
          data-testid="field-title"
        />
      </label>
      <label>
        {t('announcements.fieldSummary')}
        <input
          value={text.summary}
          onChange={(e) => onChange({ ...text, summary: e.target.value })}
          maxLength={500}
          dir={dir}
          lang={lang}
          readOnly={readOnly}
          placeholder={t('announcements.summaryHint')}
          data-testid="field-summary"
        />
      </label>
      <label>
        {t('announcements.fieldBody')}
        <textarea
          value={text.body}
          onChange={(e) => onChange({ ...text, body: e.target.value })}
          maxLength={50_000}
          rows={8}
          dir={dir}
          lang={lang}
          readOnly={readOnly}
          data-testid="field-body"
        />
      </label>
      <p className="muted">{t('announcements.bodyHint')}</p>
    </div>
  );
}
