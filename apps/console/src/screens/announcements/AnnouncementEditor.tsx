import type { TAnnouncementText, TAnnouncementTranslations, TLanguage } from '@aidf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { ServerRefusal } from '../../components/ServerRefusal.tsx';
import { formatTime } from '../../lib/format.ts';
import { AnnouncementPreview } from './AnnouncementPreview.tsx';
import { ANNOUNCEMENT_LANGUAGES, missingLanguages, useAnnouncements, usePublish, useSaveDraft } from './api.ts';
import { LanguageFields } from './LanguageFields.tsx';

const EMPTY: TAnnouncementText = { title: '', summary: '', body: '' };
const languageName = (code: TLanguage) => ANNOUNCEMENT_LANGUAGES.find((l) => l.code === code)?.name ?? code;

/**
 * One announcement: a tab per language, saved as a draft; the preview shows the saved text as the app will
 * (the server sanitizes the body when it saves, so the preview saves first); publishing needs all eleven.
 */
export function AnnouncementEditor({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const list = useAnnouncements();
  const save = useSaveDraft();
  const publish = usePublish();
  const [texts, setTexts] = useState<TAnnouncementTranslations>({});
  const [loaded, setLoaded] = useState(id === null);
  const [language, setLanguage] = useState<TLanguage>('en');
  const [previewing, setPreviewing] = useState(false);
  const [missing, setMissing] = useState<TLanguage[]>([]);

  const found = id === null ? null : (list.data?.find((a) => a.id === id) ?? null);
  if (!loaded && found) {
    setTexts(found.translations);
    setLoaded(true);
  }
  const published = found?.status === 'published';

  const saveDraft = async (): Promise<string | null> => {
    if (published) return id;
    try {
      const savedId = await save.mutateAsync({ id, texts });
      if (id === null) navigate(`/${savedId}`);
      return savedId;
    } catch {
      return null;
    }
  };
  const preview = async () => {
    if ((await saveDraft()) !== null) setPreviewing(true);
  };
  const publishNow = async () => {
    const lacking = missingLanguages(texts);
    setMissing(lacking);
    if (lacking.length > 0) return;
    const savedId = await saveDraft();
    if (savedId !== null) publish.mutate(savedId);
  };

  // Just created: the list is fetched again and holds the new draft in a moment.
  if (id !== null && (list.isPending || (!found && list.isFetching)))
    return <p className="loading">{t('common.loading')}</p>;
  if (id !== null && !found) {
    return (
      <>
        <ErrorLine error={list.error} />
        <p className="card">{t('announcements.notFound', { id })}</p>
      </>
    );
  }
  const text = texts[language] ?? EMPTY;
  const lacking = new Set(missingLanguages(texts));
  const filled = new Set(ANNOUNCEMENT_LANGUAGES.map((l) => l.code).filter((code) => !lacking.has(code)));
  return (
    <>
      <p>
        <Link href="/">{t('announcements.back')}</Link>
      </p>
      <h1>{id === null ? t('announcements.newTitle') : t('announcements.editTitle', { id })}</h1>
      {found ? (
        <p className="muted" data-testid="announcement-state">
          {published
            ? t('announcements.publishedAt', { time: formatTime(found.publishTime) })
            : t('announcements.draftSaved', { time: formatTime(found.updatedAt) })}
        </p>
      ) : null}
      <div className="tabs" role="tablist" aria-label={t('announcements.languages')}>
        {ANNOUNCEMENT_LANGUAGES.map((l) => (
          <button
            key={l.code}
            type="button"
            role="tab"
            id={`tab-${l.code}`}
            aria-selected={l.code === language}
            aria-controls="language-panel"
            className={`tab${l.code === language ? ' active' : ''}${filled.has(l.code) ? ' filled' : ''}`}
            onClick={() => setLanguage(l.code)}
            data-testid={`tab-${l.code}`}
          >
            {l.name}
            <span className="sr-only">
              {filled.has(l.code) ? t('announcements.tabFilled') : t('announcements.tabMissing')}
            </span>
          </button>
        ))}
      </div>
      <LanguageFields
        language={language}
        text={text}
        readOnly={published}
        onChange={(next) => {
          setTexts({ ...texts, [language]: next });
          setPreviewing(false);
        }}
      />
      {missing.length > 0 ? (
        <p className="error" role="alert" data-testid="missing-languages">
          {t('announcements.missing', { languages: missing.map(languageName).join(', ') })}
        </p>
      ) : null}
      {save.isSuccess && !publish.data ? (
        <p className="notice" role="status">
          {t('announcements.saved')}
        </p>
      ) : null}
      {publish.data ? (
        <p className="notice" role="status" data-testid="published">
          {t('announcements.publishedNow')}
        </p>
      ) : null}
      <ServerRefusal error={save.error ?? publish.error} />
      <div className="row form-actions">
        {published ? null : (
          <button type="button" className="secondary" onClick={saveDraft} disabled={save.isPending}>
            {t('announcements.saveDraft')}
          </button>
        )}
        <button type="button" className="secondary" onClick={preview} disabled={save.isPending}>
          {t('announcements.preview')}
        </button>
        {published ? null : (
          <button type="button" onClick={publishNow} disabled={save.isPending || publish.isPending}>
            {t('announcements.publish')}
          </button>
        )}
      </div>
      {previewing && found ? (
        <AnnouncementPreview language={language} text={found.translations[language]} publishTime={found.publishTime} />
      ) : null}
    </>
  );
}
