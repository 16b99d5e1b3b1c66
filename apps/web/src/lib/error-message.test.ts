import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import en from '../i18n/locales/en.json';
import { ApiError } from './api-client.ts';
import { errorMessage } from './error-message.ts';

beforeAll(async () => {
  i18n.addMessages('en', en);
  await i18n.changeLanguage('en');
});

const message = (e: unknown) => errorMessage(e, i18n.t, (k) => i18n.exists(k));

describe('errorMessage', () => {
  it('maps a catalogue code to its message in the interface language', () => {
    expect(message(new ApiError(10471, 409, 'server text'))).toBe('Invitation code already bound');
  });
  it('maps 503 to its message', () => {
    expect(message(new ApiError(503, 503, ''))).toBe('The service is temporarily unavailable, please try again later');
  });
  it('tells a write refused with "come back" (503 with Retry-After) that it did not go through and nothing changed', () => {
    expect(message(new ApiError(503, 503, 'nothing was changed', 5_000))).toBe(
      'That did not go through and nothing was changed. Reconnecting; please try again in a moment.',
    );
  });
  it('shows the server message for an unknown code', () => {
    expect(message(new ApiError(4242, 400, 'Something specific'))).toBe('Something specific');
  });
  it("says 'Server internal error' when there is no message", () => {
    expect(message(new ApiError(4242, 418, ''))).toBe('Server internal error');
    expect(message(new Error('x'))).toBe('Server internal error');
  });
});
