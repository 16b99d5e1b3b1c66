import type { TSetting } from '@aidf/contract';
// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../../i18n/index.ts';
import { SettingEditor } from './SettingEditor.tsx';

beforeAll(async () => {
  await initI18n();
  // jsdom lays nothing out: the editor scrolls itself into view when it opens.
  Element.prototype.scrollIntoView = () => {};
});
afterEach(cleanup);

const setting = (key: string, fourEyes: boolean): TSetting => ({
  key,
  value: null,
  updatedAt: null,
  updatedBy: null,
  meaning: null,
  fourEyes,
});

/** Fills the form and opens its second look; nothing is sent. */
function reviewed(s: TSetting, value: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SettingEditor setting={s} onDone={() => {}} />
    </QueryClientProvider>,
  );
  const form = screen.getByTestId('setting-editor');
  const note = screen.getByRole('note').textContent;
  const [newValue, reason] = [form.querySelectorAll('input')[1], form.querySelector('textarea')];
  if (!newValue || !reason) throw new Error('the form has no value or reason field');
  fireEvent.change(newValue, { target: { value } });
  fireEvent.change(reason, { target: { value: 'cold storage moved' } });
  fireEvent.submit(form);
  return { note, confirm: screen.getByRole('alertdialog') };
}

describe.each(['en', 'zh-CN'] as const)('[console] a setting editor (%s)', (language) => {
  const words = {
    en: { note: 'becomes a proposal', propose: 'Confirm and propose', save: 'Confirm and save', newOnly: 'new items' },
    'zh-CN': { note: '作为申请提交', propose: '确认并提交申请', save: '确认并保存', newOnly: '只对新项目生效' },
  }[language];

  it('says before sending that a money setting is a proposal for a second admin', async () => {
    await setLanguage(language);
    const { note, confirm } = reviewed(
      setting('treasury.coldAddress.bsc', true),
      '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    );
    expect(note).toContain(words.note);
    expect(screen.getByTestId('setting-four-eyes')).toBeTruthy();
    expect(confirm.querySelector('button')?.textContent).toBe(words.propose);
  });

  it('saves any other setting at once, for new items only', async () => {
    await setLanguage(language);
    const { note, confirm } = reviewed(setting('pledge.rate.90', false), '6.5');
    expect(note).toContain(words.newOnly);
    expect(screen.queryByTestId('setting-four-eyes')).toBeNull();
    expect(confirm.querySelector('button')?.textContent).toBe(words.save);
  });
});
