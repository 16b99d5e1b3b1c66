import type { TFunction } from 'i18next';
import { ApiError } from '../api/client.ts';

/** An error in the operator's language: the code's own text when errors.json has it, else a general line. */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const key = `errors.${error.code < 0 ? (error.code === -1 ? 'network' : 'badAnswer') : error.code}`;
    return t(key, { defaultValue: t('errors.other', { code: error.code, message: error.serverMessage }) });
  }
  return t('errors.unexpected');
}
