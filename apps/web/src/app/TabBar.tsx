import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CoinIcon, EcologyIcon, MachineIcon, PersonIcon, SwapIcon } from '../components/icons.tsx';
import { webEnv } from '../config/env.ts';
import { useInviteSearch } from '../lib/invite.ts';
import { LOCAL_KEYS } from '../lib/storage.ts';

/** Tab index → route (SPEC.md point 2); tab 0 is the external swap link. */
export const TAB_PATHS = { 1: '/', 2: '/machine', 3: '/me', 4: '/ecology' } as const;

const TABS = [
  { index: 1, labelKey: 'tabs.coin', Icon: CoinIcon },
  { index: 2, labelKey: 'tabs.machine', Icon: MachineIcon },
  { index: 3, labelKey: 'tabs.me', Icon: PersonIcon },
  { index: 4, labelKey: 'tabs.ecology', Icon: EcologyIcon },
] as const;

export function TabBar({ active }: { active: number }) {
  const { t } = useTranslation();
  const search = useInviteSearch();
  const remember = (index: number) => window.localStorage.setItem(LOCAL_KEYS.currentIndex, String(index));
  return (
    <nav className="tab-bar" aria-label={t('app.name')} data-testid="tab-bar">
      <a className="tab" href={webEnv.swapUrl} target="_blank" rel="noopener noreferrer" data-testid="tab-swap">
        <SwapIcon />
        <span>{t('tabs.swap')}</span>
        <span className="visually-hidden">({t('common.opensInNewTab')})</span>
      </a>
      {TABS.map(({ index, labelKey, Icon }) => (
        <Link
          key={index}
          to={`${TAB_PATHS[index]}${search}`}
          className={`tab${index === active ? ' tab-active' : ''}`}
          aria-current={index === active ? 'page' : undefined}
          onClick={() => remember(index)}
          data-testid={`tab-${index}`}
        >
          <Icon />
          <span>{t(labelKey)}</span>
        </Link>
      ))}
    </nav>
  );
}
