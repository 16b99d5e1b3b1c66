// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../../i18n/index.ts';
import { AddressList } from './AddressList.tsx';
import { useUserColumns } from './user-columns.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

const addresses = [
  { chain: 'bsc', address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', kind: 'wallet' },
  { chain: 'bsc', address: '0x1111111111111111111111111111111111111111', kind: 'deposit' },
  { chain: 'solana', address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', kind: 'bound' },
];

function Headers({ worthCurrency }: { worthCurrency: string }) {
  const columns = useUserColumns(worthCurrency);
  const all = [...columns.orders, ...columns.machines, ...columns.pledges];
  return <p data-testid="headers">{all.map((c) => String(c.header)).join('|')}</p>;
}

describe.each(['en', 'zh-CN'] as const)('[console] the user page (%s)', (language) => {
  const words = {
    en: {
      wallet: 'Sign-in wallet · BNB Smart Chain',
      deposit: 'Deposit address · BNB Smart Chain',
      bound: 'Bound wallet · Solana',
      worth: 'Worth (AIDF)',
      rate: 'Period rate (%)',
      daily: 'Daily rate',
    },
    'zh-CN': {
      wallet: '登录钱包 · BNB Smart Chain',
      deposit: '充值地址 · BNB Smart Chain',
      bound: '绑定钱包 · Solana',
      worth: '价值（AIDF）',
      rate: '周期收益率（%）',
      daily: '日收益率',
    },
  }[language];

  it('names each address for what it is and its chain, not "bsc:" twice', async () => {
    await setLanguage(language);
    render(<AddressList addresses={addresses} />);
    const [wallet, deposit, bound] = screen.getAllByTestId('user-address');
    expect(wallet?.textContent).toContain(words.wallet);
    expect(deposit?.textContent).toContain(words.deposit);
    expect(bound?.textContent).toContain(words.bound);
    expect(document.body.textContent).not.toContain('bsc:');
  });

  it('heads worth with the unit the server sends and the pledge rate as the period rate', async () => {
    await setLanguage(language);
    render(<Headers worthCurrency="aidf" />);
    const headers = screen.getByTestId('headers').textContent?.split('|') ?? [];
    expect(headers.filter((h) => h === words.worth)).toHaveLength(2);
    expect(headers).toContain(words.rate);
    expect(headers).not.toContain(words.daily);
    expect(i18next.language).toBe(language);
  });
});
