import type { TRouteName } from '@aidf/contract';
import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { apiCall, apiCallWithToken } from './api-client.ts';

/** A 401 has cleared the session (SPEC.md point 4); a reload starts the app logged out. */
function reloadAfterUnauthorized() {
  window.location.reload();
}

/** `apiCallWithToken` bound to the current language, for the sign-in calls. */
export function useApiWithToken() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    <K extends TRouteName>(name: K, input: Parameters<typeof apiCallWithToken<K>>[1]) =>
      apiCallWithToken(name, input, { language, onUnauthorized: reloadAfterUnauthorized }),
    [language],
  );
}

/** `apiCall` bound to the current language, for query functions and mutations. */
export function useApi() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    <K extends TRouteName>(name: K, input: Parameters<typeof apiCall<K>>[1]) =>
      apiCall(name, input, { language, onUnauthorized: reloadAfterUnauthorized }),
    [language],
  );
}
