import { LANGUAGES, type TAnnouncementText, type TLanguage } from '@aidf/contract';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format.ts';

/**
 * The saved text as the app shows it: the list's card (title and summary) and the detail page (title, date,
 * body). The body is the server's sanitized HTML, the same the app renders.
 */
export function AnnouncementPreview({
  language,
  text,
  publishTime,
}: {
  language: TLanguage;
  text: TAnnouncementText | undefined;
  publishTime: number | null;
}) {
  const { t } = useTranslation();
  const info = LANGUAGES.find((l) => l.code === language);
  if (!text) return <p className="card muted">{t('announcements.previewEmpty', { language: info?.name })}</p>;
  return (
    <section className="preview" aria-labelledby="preview-title" data-testid="announcement-preview">
      <h2 id="preview-title">{t('announcements.previewTitle', { language: info?.name })}</h2>
      <div className="preview-phone" dir={info?.rtl ? 'rtl' : 'ltr'} lang={info?.htmlLang}>
        <div className="preview-card">
          <strong>{text.title}</strong>
          <p>{text.summary}</p>
        </div>
        <article className="preview-card">
          <h3>{text.title}</h3>
          <time className="muted">{formatTime(publishTime ?? Date.now())}</time>
          <div
            className="preview-body"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitized this body when it saved it, as the app shows it
            dangerouslySetInnerHTML={{ __html: text.body }}
          />
        </article>
      </div>
    </section>
  );
}
