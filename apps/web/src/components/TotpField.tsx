import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation.ts';
import { useApi } from '../lib/use-api.ts';
import { InputField } from './Dialog.tsx';

export const AUTHENTICATOR_KEY = ['authenticator'] as const;

/** Whether the user's authenticator is on (then withdrawals, address-book and e-mail changes ask for its code). */
export function useAuthenticator() {
  const call = useApi();
  return useQuery({ queryKey: AUTHENTICATOR_KEY, queryFn: () => call('authenticator', {}) });
}

/** The authenticator's code where an action needs it; shown only while the authenticator is on. */
export function TotpField({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const { t } = useTranslation();
  const state = useAuthenticator();
  if (!state.data?.enabled) return null;
  return (
    <InputField
      label={t('authenticator.code')}
      placeholder={t('authenticator.codePlaceholder')}
      inputMode="text"
      autoComplete="one-time-code"
      value={value}
      onChange={(e) => onChange(e.target.value.trim())}
      name="totp"
    />
  );
}
