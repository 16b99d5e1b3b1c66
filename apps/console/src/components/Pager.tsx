import { useTranslation } from 'react-i18next';

/** Where a server-paged list is, and how to move (DataTable's `paging`). */
export interface Paging {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}

export function Pager({ page, size, total, onPage }: Paging) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav className="pager" aria-label={t('common.paging')}>
      <span className="muted">{t('common.total', { count: total })}</span>
      <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <span>{t('common.pageOf', { page, pages })}</span>
      <button type="button" className="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}
