// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import en from '../i18n/locales/en.json';
import fr from '../i18n/locales/fr.json';
import { activeHoldUntil } from '../lib/use-security-hold.ts';
import { SecurityHoldNotice } from './SecurityHoldNotice.tsx';

beforeAll(async () => {
  // As the app sets it up (i18n/index.ts): React escapes, the translator does not.
  i18n.addMessages('en', en);
  i18n.addMessages('fr', fr);
  await i18n.changeLanguage('en');
});

describe('the security hold', () => {
  it('counts only a hold still ahead', () => {
    expect(activeHoldUntil(null, 1000)).toBeNull();
    expect(activeHoldUntil(1000, 1000)).toBeNull();
    expect(activeHoldUntil(2000, 1000)).toBe(2000);
  });

  it('says until when, in the interface language', async () => {
    const until = Date.UTC(2026, 10, 24, 7, 40);
    await i18n.changeLanguage('fr');
    render(<SecurityHoldNotice until={until} />);
    const text = screen.getByTestId('security-hold').textContent ?? '';
    expect(text).toContain('Les transferts et les retraits sont suspendus jusqu');
    expect(text).toContain(new Intl.DateTimeFormat('fr-u-nu-latn', { dateStyle: 'short' }).format(until));
  });
});
