import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Field } from '../../components/Dialog.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useApi } from '../../lib/use-api.ts';
import { NOTICE_SETTINGS_KEY } from './notifications-api.ts';
import './notifications.css';

/**
 * The anti-phishing word every e-mail carries, and which money e-mails to receive (docs/user-guide.md "E-mails and
 * the anti-phishing word"); security e-mails cannot be turned off.
 */
export default function NotificationSettingsScreen() {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: NOTICE_SETTINGS_KEY, queryFn: () => call('notificationSettings', {}) });
  const [word, setWord] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { antiPhishingWord?: string; emailOptOut?: string[] }) =>
      call('saveNotificationSettings', { body }),
    onSuccess: (data) => {
      queryClient.setQueryData(NOTICE_SETTINGS_KEY, data);
      setError(null);
      showToast(t('notifications.saved'), 'success');
    },
    onError: (e) => setError(errorMessage(e, t, (k) => i18n.exists(k))),
  });
  if (!settings.data) return <Skeleton />;
  const data = settings.data;
  const submitWord = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ antiPhishingWord: word ?? data.antiPhishingWord ?? '' });
  };
  const toggle = (kind: string, on: boolean) =>
    save.mutate({ emailOptOut: on ? data.emailOptOut.filter((k) => k !== kind) : [...data.emailOptOut, kind] });
  return (
    <div className="stack-sm" data-testid="notification-settings">
      {!data.hasEmail && <p className="card notice-panel muted small">{t('notifications.noEmail')}</p>}
      <form className="card notice-panel stack-sm" onSubmit={submitWord}>
        <Field label={t('notifications.wordLabel')} error={error}>
          <input
            className="input"
            dir="auto"
            value={word ?? data.antiPhishingWord ?? ''}
            onChange={(e) => setWord(e.target.value)}
            maxLength={20}
            data-testid="anti-phishing-word"
          />
        </Field>
        <p className="muted small">{t('notifications.wordHelp')}</p>
        <button type="submit" className="button" disabled={save.isPending} data-testid="save-word">
          {t('notifications.saveWord')}
        </button>
      </form>
      <h2 className="section-title">{t('notifications.emailsTitle')}</h2>
      <ul className="card option-list">
        {data.optOutKinds.map((kind) => {
          const on = !data.emailOptOut.includes(kind);
          return (
            <li key={kind} className="option">
              <label className="opt-out">
                <span>{t(`notifications.optOut.${kind}` as 'notifications.optOut.deposit-credited')}</span>
                <input
                  type="checkbox"
                  checked={on}
                  disabled={save.isPending}
                  onChange={(e) => toggle(kind, e.target.checked)}
                  data-testid={`opt-out-${kind}`}
                />
              </label>
            </li>
          );
        })}
      </ul>
      <p className="muted small">{t('notifications.securityAlways')}</p>
    </div>
  );
}
