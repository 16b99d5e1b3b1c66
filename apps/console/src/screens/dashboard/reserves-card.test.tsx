import type { TDashboard } from '@aidf/contract';
// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../../i18n/index.ts';
import { ReservesCard } from './ReservesCard.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

/** The text as read, without the invisible isolates around names and amounts. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

type Reserves = NonNullable<TDashboard['reserves']>;
const report = (alerts: Partial<Reserves>): Reserves => ({
  reportId: '7',
  createdAt: Date.UTC(2026, 10, 26, 9, 30),
  status: 'complete',
  shortfall: [],
  clearingMismatch: [],
  unread: 0,
  unreadChains: [],
  publication: { status: 'published', blockNumber: '812' },
  ...alerts,
});

describe.each(['en', 'zh-CN'] as const)("[console] the dashboard's reserves card (%s)", (language) => {
  const words = {
    en: {
      none: 'No reserves report yet',
      notRead: 'The latest report did not read the chains',
      chainUnread: 'Incomplete: BNB Smart Chain could not be read',
      ok: 'Covered',
      alerts: '2 alerts',
      short: 'users are owed 150',
      unread: '3 addresses',
      published: 'block 812',
      noChain: 'no BNB Smart Chain configured',
    },
    'zh-CN': {
      none: '尚无储备报告',
      notRead: '最近一次报告未读取链上数据',
      chainUnread: '不完整：未能读取 BNB Smart Chain',
      ok: '足额覆盖',
      alerts: '2 条告警',
      short: '应付用户 150',
      unread: '3 个地址',
      published: '区块 812',
      noChain: '未配置 BNB Smart Chain',
    },
  }[language];

  it('says when no report exists, and shows a covered report as good', async () => {
    await setLanguage(language);
    const { rerender } = render(<ReservesCard reserves={null} />);
    expect(screen.getByTestId('reserves-state').textContent).toBe(words.none);
    // A report over the ledger alone claims nothing about the chains.
    rerender(<ReservesCard reserves={report({ status: 'liabilities-only' })} />);
    expect(screen.getByTestId('reserves-state').textContent).toBe(words.notRead);
    expect(screen.getByTestId('reserves-state').className).not.toContain('good');
    rerender(<ReservesCard reserves={report({})} />);
    expect(screen.getByTestId('reserves-state').className).toContain('good');
    expect(screen.getByTestId('reserves-state').textContent).toContain(words.ok);
  });

  it('draws the red line for a shortfall and a clearing mismatch, each named', async () => {
    await setLanguage(language);
    render(
      <ReservesCard
        reserves={report({
          shortfall: [{ currency: 'cow', holdings: '100', liabilities: '150' }],
          clearingMismatch: [{ chain: 'bsc', currency: 'usdt', difference: '5' }],
          unread: 1,
        })}
      />,
    );
    const state = screen.getByTestId('reserves-state');
    expect(state.className).toContain('bad');
    expect(state.textContent).toBe(words.alerts);
    const lines = screen.getAllByRole('listitem').map((li) => plain(li.textContent));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('COW');
    expect(lines[0]).toContain(words.short);
    expect(lines[1]).toContain('BNB Smart Chain');
    expect(lines[1]).toContain('5');
  });

  it('warns, without the red line, when addresses were left unread', async () => {
    await setLanguage(language);
    render(<ReservesCard reserves={report({ status: 'incomplete', unread: 3 })} />);
    const state = screen.getByTestId('reserves-state');
    expect(state.className).toContain('warn');
    expect(state.textContent).toContain(words.unread);
    expect(screen.queryByTestId('reserves-alarms')).toBeNull();
  });

  it('names a chain that could not be read at all', async () => {
    await setLanguage(language);
    render(<ReservesCard reserves={report({ status: 'incomplete', unreadChains: ['bsc'] })} />);
    const state = screen.getByTestId('reserves-state');
    expect(state.className).toContain('warn');
    expect(plain(state.textContent)).toBe(words.chainUnread);
  });

  it("says where the report's root stands on BNB Smart Chain, and when it never will be published", async () => {
    await setLanguage(language);
    const { rerender } = render(<ReservesCard reserves={report({})} />);
    expect(screen.getByTestId('reserves-publication').textContent).toContain(words.published);
    rerender(<ReservesCard reserves={report({ publication: { status: 'no-chain', blockNumber: null } })} />);
    expect(screen.getByTestId('reserves-publication').textContent).toContain(words.noChain);
    expect(screen.getByTestId('reserves-publication').className).toContain('warn');
  });
});

describe("[console] the dashboard's reserves alerts in Arabic", () => {
  const LRI = '\u2066';
  const FSI = '\u2068';
  const PDI = '\u2069';

  it('isolates the Latin names and the amounts, rounds the amounts and keeps the exact ones on demand', async () => {
    await setLanguage('ar');
    render(
      <ReservesCard
        reserves={report({
          shortfall: [{ currency: 'cow', holdings: '99.999948408999638863', liabilities: '744000' }],
          clearingMismatch: [{ chain: 'bsc', currency: 'usdt', difference: '-19.9' }],
          unreadChains: [],
        })}
      />,
    );
    const [short, mismatch] = screen.getAllByRole('listitem');
    expect(short?.textContent).toContain(`${FSI}COW${PDI}`);
    expect(short?.textContent).toContain(`${LRI}99.9999${PDI}`);
    expect(short?.textContent).toContain(`${LRI}744,000${PDI}`);
    expect(short?.textContent).not.toContain('99.99994');
    expect(short?.getAttribute('title')).toContain('99.999948408999638863');
    expect(mismatch?.textContent).toContain(`${FSI}BNB Smart Chain${PDI} ${FSI}USDT${PDI}`);
    expect(mismatch?.textContent).toContain(`${LRI}-19.9${PDI}`);
    // Nothing rounded: no tooltip.
    expect(mismatch?.getAttribute('title')).toBeNull();
    await setLanguage('en');
  });

  it('names unread chains as an Arabic list of isolates', async () => {
    await setLanguage('ar');
    render(<ReservesCard reserves={report({ status: 'incomplete', unreadChains: ['bsc', 'solana'] })} />);
    const text = screen.getByTestId('reserves-state').textContent ?? '';
    expect(text).toContain(`${FSI}BNB Smart Chain${PDI}`);
    expect(text).toContain(`${FSI}Solana${PDI}`);
    expect(text).not.toContain(', ');
    await setLanguage('en');
  });
});
