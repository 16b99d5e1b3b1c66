import type { TAnnouncementDraft } from '@aidf/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { formatTime } from '../../lib/format.ts';
import { missingLanguages, useAnnouncements } from './api.ts';

const column = createColumnHelper<TAnnouncementDraft>();

/** The title in the console's language when it has one, else English, else any. */
function titleOf(a: TAnnouncementDraft, consoleLanguage: string): string {
  const own = consoleLanguage === 'zh-CN' ? a.translations.zhCN : undefined;
  return own?.title || a.translations.en?.title || Object.values(a.translations).find((t) => t?.title)?.title || '';
}

export function AnnouncementList() {
  const { t, i18n } = useTranslation();
  const list = useAnnouncements();
  const columns = [
    column.accessor('id', { header: t('announcements.id'), meta: { num: true } }),
    column.accessor((a) => titleOf(a, i18n.language), {
      id: 'title',
      header: t('announcements.titleColumn'),
      cell: (c) => <Link href={`/${c.row.original.id}`}>{c.getValue() || t('announcements.untitled')}</Link>,
    }),
    column.accessor('status', {
      header: t('announcements.status'),
      cell: (c) => (
        <span className={c.getValue() === 'published' ? 'good' : 'warn'} data-testid="announcement-status">
          {t(`announcements.statuses.${c.getValue()}`)}
        </span>
      ),
    }),
    column.accessor((a) => 11 - missingLanguages(a.translations).length, {
      id: 'languages',
      header: t('announcements.languages'),
      cell: (c) => t('announcements.languagesDone', { done: c.getValue(), all: 11 }),
      meta: { num: true },
    }),
    column.accessor('updatedAt', { header: t('announcements.updatedAt'), cell: (c) => formatTime(c.getValue()) }),
    column.accessor('publishTime', {
      header: t('announcements.publishTime'),
      cell: (c) => formatTime(c.getValue()) || '—',
    }),
  ];
  return (
    <>
      <div className="row section-head">
        <h1>{t('announcements.title')}</h1>
        <Link href="/new" className="button-link">
          {t('announcements.new')}
        </Link>
      </div>
      <ErrorLine error={list.error} />
      {list.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {list.data ? (
        <DataTable label={t('announcements.title')} testId="announcements-table" data={list.data} columns={columns} />
      ) : null}
    </>
  );
}
