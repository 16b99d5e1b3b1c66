// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import ar from '../../i18n/locales/ar.json';
import en from '../../i18n/locales/en.json';
import { AssetRow } from './AssetRow.tsx';
import { ReferenceTotal } from './ReferenceTotal.tsx';
import { referenceTotal } from './reference-total.ts';

beforeAll(async () => {
  i18n.addMessages('en', en);
  i18n.addMessages('ar', ar);
  await i18n.changeLanguage('en');
});

const row = (currency: string, balance: string, valueUsdt: string | null, submode = '00') => ({
  currency,
  submode,
  balance,
  valueUsdt,
});

describe('the assets total at reference prices', () => {
  it('adds the priced values exactly and names the held currencies it leaves out', () => {
    const { total, unpriced } = referenceTotal([
      row('aidf', '3', '0.1'),
      row('aidf', '1', '0.2', '16'),
      row('usdt', '0.000000000000000001', '0.000000000000000001'),
      row('sol', '2', null),
      row('bnb', '0.5', null),
      row('eoeo', '0', null), // nothing held: nothing left out
    ]);
    // 0.1 + 0.2 in floats is 0.30000000000000004.
    expect(total).toBe('0.300000000000000001');
    expect(unpriced).toEqual(['bnb', 'sol']);
    expect(referenceTotal([])).toEqual({ total: '0', unpriced: [] });
  });

  it('labels the figure as the platform’s reference and says what it leaves out', async () => {
    await i18n.changeLanguage('en');
    render(<ReferenceTotal assets={[row('usdt', '1234.5', '1234.5'), row('bnb', '1', null)]} />);
    const card = screen.getByTestId('reference-total');
    expect(card.querySelector('bdi')?.textContent).toBe('≈ 1,234.5 USDT');
    expect(card.textContent).toContain('reference prices set by the platform');
    expect(screen.getByTestId('reference-unpriced').textContent).toBe(
      'Not included (no reference price): \u2066BNB\u2069',
    );
  });

  it("lists what it leaves out in the language's own way: Arabic joins them with و, not Latin commas", async () => {
    await i18n.changeLanguage('ar');
    const { container } = render(
      <ReferenceTotal assets={[row('aidf', '1', '1'), row('cow', '1', null), row('bnb', '1', null)]} />,
    );
    const unpriced = container.querySelector('[data-testid="reference-unpriced"]')?.textContent ?? '';
    expect(unpriced).toBe(ar.assets.notPriced.replace('{{list}}', '\u2066COW\u2069 و\u2066BNB\u2069'));
    expect(unpriced).not.toContain(',');
  });

  it('describes EOEO in one line, in the language, with the worth kept left to right', async () => {
    await i18n.changeLanguage('ar');
    render(
      <ul>
        <AssetRow currency="eoeo" balance="10" valueUsdt="2.5" />
        <AssetRow currency="usdt" balance="3" valueUsdt="3" />
      </ul>,
    );
    const item = screen.getByTestId('asset-eoeo');
    expect(item.textContent).toContain(ar.assets.about.eoeo);
    expect(item.querySelector('svg')).not.toBeNull();
    const worth = [...item.querySelectorAll('bdi')].map((b) => [b.getAttribute('dir'), b.textContent]);
    expect(worth).toEqual([
      ['ltr', '10'],
      ['ltr', '≈ 2.5 USDT'],
    ]);
    // USDT's worth is its balance, not said twice.
    expect(screen.getByTestId('asset-usdt').textContent).not.toContain('≈');
  });
});
