import type { TSetting } from '@aidf/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerRefusal } from '../../components/ServerRefusal.tsx';
import { useSaveSetting } from './api.ts';
import { ConfirmChange } from './ConfirmChange.tsx';
import { settingLabel } from './groups.ts';

/**
 * Changing one setting: the value before beside the new one, a reason for the audit, and a second look before
 * it is saved. Running pledges, orders and machines keep the terms they started with: only new ones follow. A money
 * setting (fourEyes) is proposed instead, for a second admin to approve; the form says so before it is sent.
 */
export function SettingEditor({ setting, onDone }: { setting: TSetting; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  // The list is long: the editor opens above it, where the operator may not be looking.
  useEffect(() => {
    // In braces: Chromium's scrollIntoView returns a promise, which React would take for the effect's cleanup.
    form.current?.scrollIntoView({ block: 'start' });
  }, []);
  const [value, setValue] = useState(setting.value ?? '');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const save = useSaveSetting();
  const before = setting.value ?? t('config.notSet');

  const review = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    setConfirming(true);
  };
  const confirm = () =>
    save.mutate(
      { key: setting.key, value: value.trim(), reason: reason.trim() },
      { onSettled: () => setConfirming(false) },
    );

  if (save.data) {
    return (
      <section className="card" aria-labelledby="setting-edit-title">
        <h2 id="setting-edit-title">{settingLabel(t, setting)}</h2>
        <p className="notice" role="status" data-testid="setting-saved">
          {t(save.data.status === 'proposed' ? 'config.proposed' : 'config.saved', {
            key: save.data.key,
            before: save.data.before ?? t('config.notSet'),
            after: save.data.after,
            id: save.data.proposalId ?? '',
          })}
        </p>
        <button type="button" className="secondary" onClick={onDone}>
          {t('config.close')}
        </button>
      </section>
    );
  }
  return (
    <form
      ref={form}
      className="card"
      onSubmit={review}
      aria-labelledby="setting-edit-title"
      data-testid="setting-editor"
    >
      <h2 id="setting-edit-title">{settingLabel(t, setting)}</h2>
      <p className="mono">{setting.key}</p>
      {setting.meaning ? <p className="muted">{setting.meaning}</p> : null}
      <div className="form-grid">
        <label>
          {t('config.before')}
          <input value={before} readOnly data-testid="setting-before" />
        </label>
        <label>
          {t('config.newValue')}
          <input
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setConfirming(false);
            }}
            required
            maxLength={100}
            disabled={save.isPending}
          />
        </label>
      </div>
      <label className="config-reason">
        {t('config.reason')}
        <textarea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          required
          disabled={save.isPending}
        />
      </label>
      {/* A money setting is a proposal: said before the operator types, not only in the answer. */}
      <p className="config-note" role="note" data-testid={setting.fourEyes ? 'setting-four-eyes' : undefined}>
        {t(setting.fourEyes ? 'config.fourEyesNote' : 'config.newItemsOnly')}
      </p>
      <ConfirmChange
        confirming={confirming}
        text={t(setting.fourEyes ? 'config.proposeText' : 'config.confirmText', {
          key: setting.key,
          before,
          after: value.trim(),
        })}
        confirmLabel={setting.fourEyes ? t('config.propose') : undefined}
        canReview={!!value.trim() && !!reason.trim() && value.trim() !== setting.value}
        pending={save.isPending}
        onConfirm={confirm}
        onBack={() => setConfirming(false)}
        onCancel={onDone}
      />
      <ServerRefusal error={save.error} />
    </form>
  );
}
