import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

const base = (props: IconProps) => ({
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  ...props,
});

export const CrossIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
/** Points to the start of the line, so it mirrors in right-to-left layouts through CSS. */
export const BackIcon = (p: IconProps) => (
  <svg {...base(p)} className="flip-rtl">
    <path d="M15 5l-7 7 7 7" />
  </svg>
);
export const SwapIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7" />
  </svg>
);
export const CoinIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M14.8 9.2c-.5-.8-1.5-1.3-2.8-1.3-1.7 0-2.8.8-2.8 2s1.1 1.7 2.8 2.1 2.8 1 2.8 2.2-1.2 2-2.8 2c-1.3 0-2.4-.5-2.9-1.4M12 6.5v11" />
  </svg>
);
export const MachineIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <rect x="5" y="5" width="14" height="14" rx="2.5" />
    <rect x="9" y="9" width="6" height="6" rx="1" />
    <path d="M9 2.5V5M15 2.5V5M9 19v2.5M15 19v2.5M2.5 9H5M2.5 15H5M19 9h2.5M19 15h2.5" />
  </svg>
);
export const EcologyIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <circle cx="12" cy="7" r="3" />
    <circle cx="5.5" cy="17" r="2.5" />
    <circle cx="18.5" cy="17" r="2.5" />
    <path d="M10.5 9.6 7 15M13.5 9.6 17 15M8 17h8" />
  </svg>
);
export const TicketsIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M8 9.5h8M8 12.5h5" />
  </svg>
);
export const GlobeIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
  </svg>
);
export const CheckIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M5 12.5 10 17 19 7.5" />
  </svg>
);
export const ChevronIcon = (p: IconProps) => (
  <svg {...base(p)} className="flip-rtl">
    <path d="M9 5l7 7-7 7" />
  </svg>
);
export const MegaphoneIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M4 10v4h3l8 4V6L7 10z" />
    <path d="M18 9.5a3.5 3.5 0 0 1 0 5M7 14l1.5 5h2.5L10 15" />
  </svg>
);
export const BellIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </svg>
);
export const InboxIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M3.5 13.5 6 5h12l2.5 8.5V19h-17z" />
    <path d="M3.5 13.5H9a3 3 0 0 0 6 0h5.5" />
  </svg>
);

/** Chain marks: BNB Smart Chain's diamond, Solana's bars, a hollow dot for no chain. */
export const BscMark = (p: IconProps) => (
  <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden={p['aria-label'] ? undefined : true} {...p}>
    <circle cx="12" cy="12" r="12" fill="#F3BA2F" />
    <path
      fill="#1b1b1b"
      d="M12 5.2 14 7.2 9.7 11.5 7.7 9.5zM15.3 8.5l2 2-7.3 7.3-2-2zM6.7 10.5l2 2-2 2-2-2zM17.3 12.5l2 2L12 21.8l-2-2z"
    />
  </svg>
);
export const SolanaMark = (p: IconProps) => (
  <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden={p['aria-label'] ? undefined : true} {...p}>
    <defs>
      <linearGradient id="sol-g" x1="0" y1="1" x2="1" y2="0">
        <stop offset="0" stopColor="#9945FF" />
        <stop offset="1" stopColor="#14F195" />
      </linearGradient>
    </defs>
    <circle cx="12" cy="12" r="12" fill="#10131c" />
    <path fill="url(#sol-g)" d="M7.5 15.6h8.8l-1.8 1.8H5.7zM7.5 6.6h8.8l-1.8 1.8H5.7zM16.5 11.1H7.7l-1.8 1.8h8.8z" />
  </svg>
);
/** The Me tab and the account group of the Me screen. */
export const PersonIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <circle cx="12" cy="8" r="3.6" />
    <path d="M4.5 20c.8-3.8 3.8-5.8 7.5-5.8s6.7 2 7.5 5.8" />
  </svg>
);
export const WalletIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3" />
    <rect x="4" y="8" width="16" height="11" rx="2.5" />
    <path d="M16 13.5h1.5" />
  </svg>
);
export const ShieldIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M12 3.5 5 6v5.5c0 4.2 2.9 7.5 7 9 4.1-1.5 7-4.8 7-9V6z" />
    <path d="m9 12 2.2 2.2L15.5 10" />
  </svg>
);
export const GiftIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <rect x="4" y="9" width="16" height="11" rx="1.5" />
    <path d="M3 9h18M12 9v11M12 9c-1.5-3.5-5.5-4-5.5-1.5S10 9 12 9zM12 9c1.5-3.5 5.5-4 5.5-1.5S14 9 12 9z" />
  </svg>
);
export const SupportIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M4.5 14v-2a7.5 7.5 0 0 1 15 0v2" />
    <rect x="3.5" y="13" width="4" height="6" rx="1.5" />
    <rect x="16.5" y="13" width="4" height="6" rx="1.5" />
  </svg>
);
export const SettingsIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 3v2.5M12 18.5V21M3 12h2.5M18.5 12H21M5.6 5.6l1.8 1.8M16.6 16.6l1.8 1.8M5.6 18.4l1.8-1.8M16.6 7.4l1.8-1.8" />
  </svg>
);
