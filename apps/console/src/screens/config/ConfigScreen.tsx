import type { TSetting } from '@aidf/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { formatTime } from '../../lib/format.ts';
import { useSettings } from './api.ts';
import './config.css';
import { groupSettings, settingLabel } from './groups.ts';
import { PriceItems } from './PriceItems.tsx';
import { SettingEditor } from './SettingEditor.tsx';

const column = createColumnHelper<TSetting>();

/** Rates, limits, thresholds and prices, grouped as operators think of them; each change audited. */
export function ConfigScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [editing, setEditing] = useState<TSetting | null>(null);

  const columns = [
    column.accessor((s) => settingLabel(t, s), {
      id: 'name',
      header: t('config.name'),
      cell: (c) => (
        <>
          <div>
            {c.getValue()}
            {c.row.original.fourEyes ? <span className="config-four-eyes">{t('config.fourEyesMark')}</span> : null}
          </div>
          <div className="mono muted">{c.row.original.key}</div>
        </>
      ),
    }),
    column.accessor('value', {
      header: t('config.value'),
      // A value (a number, an address, a link) reads left to right in Arabic too.
      cell: (c) =>
        c.getValue() === null ? (
          <span className="muted">{t('config.notSet')}</span>
        ) : (
          <bdi dir="ltr">{c.getValue()}</bdi>
        ),
      meta: { num: true },
    }),
    column.accessor('updatedBy', {
      header: t('config.updated'),
      cell: (c) =>
        c.getValue() ? `${c.getValue()} · ${formatTime(c.row.original.updatedAt)}` : <span className="muted">—</span>,
    }),
    column.display({
      id: 'edit',
      header: t('config.change'),
      cell: ({ row: { original: s } }) => (
        <button
          type="button"
          className="secondary"
          onClick={() => setEditing(s)}
          aria-label={t('config.changeOne', { key: s.key })}
        >
          {t('config.change')}
        </button>
      ),
    }),
  ];
  return (
    <>
      <h1>{t('config.title')}</h1>
      <p className="muted">{t('config.help')}</p>
      {editing ? <SettingEditor key={editing.key} setting={editing} onDone={() => setEditing(null)} /> : null}
      <ErrorLine error={settings.error} />
      {settings.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {settings.data
        ? groupSettings(settings.data).map((group) => (
            <section key={group.id} aria-labelledby={`config-${group.id}`} className="config-group">
              <h2 id={`config-${group.id}`}>{t(`config.groups.${group.id}`)}</h2>
              <DataTable
                label={t(`config.groups.${group.id}`)}
                testId={`config-${group.id}`}
                data={group.settings}
                columns={columns}
              />
              {group.id === 'machine' ? <PriceItems /> : null}
            </section>
          ))
        : null}
    </>
  );
}
