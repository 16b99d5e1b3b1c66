import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'wouter';
import { Dialog, InputField } from '../../components/Dialog.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { HOME_USER_KEY } from '../../lib/account-queries.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useFormChecks } from '../../lib/form-checks.ts';
import { useApi } from '../../lib/use-api.ts';

/** Binds an inviter once; the code of an invitation link is filled in and locked. */
export function InviterDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const queryClient = useQueryClient();
  const fromLink = useSearchParams()[0].get('invite')?.trim() || null;
  const [code, setCode] = useState(fromLink ?? '');
  const [busy, setBusy] = useState(false);
  const { errors, validate } = useFormChecks({ code }, (v) =>
    v.code.trim() === '' ? { code: t('inviter.required') } : {},
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!validate()) return;
    setBusy(true);
    try {
      await call('register', { body: { inviteCode: code.trim() } });
      showToast(t('inviter.done'), 'success');
      await queryClient.invalidateQueries({ queryKey: HOME_USER_KEY });
      onClose();
    } catch (e) {
      showToast(
        errorMessage(e, t, (k) => i18n.exists(k)),
        'error',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t('inviter.title')} onClose={onClose} testId="inviter-dialog">
      <form className="stack-sm" onSubmit={submit} noValidate>
        <p className="muted small">{t('inviter.text')}</p>
        <InputField
          label={t('auth.inviteCode')}
          error={errors.code}
          placeholder={t('inviter.placeholder')}
          value={code}
          readOnly={fromLink !== null}
          aria-describedby={fromLink ? 'invite-locked' : undefined}
          onChange={(e) => setCode(e.target.value)}
          name="inviteCode"
        />
        {fromLink && (
          <p id="invite-locked" className="muted small">
            {t('inviter.locked')}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {t('inviter.submit')}
        </button>
      </form>
    </Dialog>
  );
}
