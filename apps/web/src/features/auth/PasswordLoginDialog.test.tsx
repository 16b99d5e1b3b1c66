// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import en from '../../i18n/locales/en.json';
import { PasswordLoginDialog } from './PasswordLoginDialog.tsx';

beforeAll(async () => {
  i18n.addMessages('en', en);
  await i18n.changeLanguage('en');
});

afterEach(cleanup);

const input = (name: string) => {
  const found = document.querySelector(`input[name="${name}"]`);
  if (!found) throw new Error(`no input ${name}`);
  return found;
};

describe('the password sign-in form', () => {
  it("drops a field's message as soon as its input is fixed, and shows it again when emptied", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PasswordLoginDialog />
      </QueryClientProvider>,
    );
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: en.auth.signIn }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([en.messages.ms2, en.messages.ms3]);

    fireEvent.change(input('loginName'), { target: { value: 'amy' } });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([en.messages.ms3]);
    fireEvent.change(input('password'), { target: { value: 'Secret123' } });
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    fireEvent.change(input('loginName'), { target: { value: '' } });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([en.messages.ms2]);
  });
});
