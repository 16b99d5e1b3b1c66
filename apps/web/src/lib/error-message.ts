import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';

/**
 * The text a user sees for a failed call (SPEC.md point 8): the mapped message of a known code or of 503,
 * else the server's message, else 'Server internal error'.
 */
export function errorMessage(error: unknown, t: TFunction, exists: (key: string) => boolean): string {
  if (error instanceof ApiError) {
    if (error.status === 503) return t('errors.503');
    const key = `errors.${error.code}`;
    if (exists(key)) return t(key as 'errors.500');
    if (error.message) return error.message;
  }
  return t('errors.500');
}
