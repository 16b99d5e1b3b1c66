import type { TCurrency } from '@aidf/contract';
import type { ReactNode } from 'react';

/**
 * Each currency's mark, bundled as inline SVG (never fetched, a few hundred bytes each, in the
 * assets screen's lazy chunk only). Drawn in the spirit of each token's own logo, simplified to read at 20–32 px.
 */
const MARKS: Record<TCurrency, { bg: string; body: ReactNode }> = {
  aidf: {
    bg: '#f5c44e',
    body: <path d="M10 23l6-14 6 14M12.6 17.5h6.8" stroke="#1a1205" strokeWidth="2.4" fill="none" />,
  },
  cow: {
    bg: '#7c5cff',
    body: <path d="M20.5 11.6a6 6 0 1 0 0 8.8" stroke="#fff" strokeWidth="2.6" fill="none" strokeLinecap="round" />,
  },
  bnb: {
    bg: '#f3ba2f',
    body: (
      <path
        d="M16 7.5l2.6 2.6L16 12.7l-2.6-2.6zM16 19.3l2.6 2.6-2.6 2.6-2.6-2.6zM10.1 13.4l2.6 2.6-2.6 2.6L7.5 16zM21.9 13.4l2.6 2.6-2.6 2.6-2.6-2.6zM16 13.4l2.6 2.6-2.6 2.6-2.6-2.6z"
        fill="#fff"
      />
    ),
  },
  sol: {
    bg: '#14151a',
    body: <path d="M11 10h12l-2 2.6H9zM9 14.7h12l2 2.6H11zM11 19.4h12l-2 2.6H9z" fill="#14f195" />,
  },
  usdt: {
    bg: '#26a17b',
    body: (
      <path
        d="M9.5 9.5h13v3h-5v2.1c3 .2 5.2.8 5.2 1.5s-2.2 1.3-5.2 1.5v5.9h-3v-5.9c-3-.2-5.2-.8-5.2-1.5s2.2-1.3 5.2-1.5v-2.1h-5zm5 6v1.3h3v-1.3z"
        fill="#fff"
      />
    ),
  },
  eoeo: {
    bg: '#1f8fe5',
    body: <path d="M20 10h-8v12h8M12 16h6.5" stroke="#fff" strokeWidth="2.6" fill="none" />,
  },
};

export function CurrencyIcon({ currency, size = 32 }: { currency: TCurrency; size?: number }) {
  const mark = MARKS[currency];
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className="currency-icon">
      <circle cx="16" cy="16" r="16" fill={mark.bg} />
      {mark.body}
    </svg>
  );
}
