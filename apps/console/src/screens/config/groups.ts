import type { TSetting } from '@aidf/contract';
import type { TFunction } from 'i18next';

/** The config screen's groups, in the order they show; a setting belongs to the first group whose test it passes. */
export const GROUPS = [
  { id: 'pledge', test: (key: string) => key.startsWith('pledge.') },
  { id: 'machine', test: (key: string) => key === 'machine.dailyRate' || key === 'machine.capMultiple' },
  { id: 'team', test: (key: string) => key.startsWith('team.') },
  { id: 'prices', test: (key: string) => key.startsWith('price.reference.') },
  { id: 'other', test: () => true },
] as const;

export type GroupId = (typeof GROUPS)[number]['id'];

/** Team settings sort by level, then direct, volume, rate: the order of a star level's terms. */
function sortKey(key: string): string {
  const level = /^team\.level\.(\d+)\.(\w+)$/.exec(key);
  if (level) return `team.level.${level[1]?.padStart(3, '0')}.${['direct', 'volume', 'rate'].indexOf(level[2] ?? '')}`;
  const rate = /^pledge\.rate\.(\d+)$/.exec(key);
  if (rate) return `pledge.rate.${rate[1]?.padStart(4, '0')}`;
  return key;
}

export function groupSettings(settings: readonly TSetting[]): { id: GroupId; settings: TSetting[] }[] {
  const groups = GROUPS.map((g) => ({ id: g.id as GroupId, settings: [] as TSetting[] }));
  for (const setting of settings) {
    const index = GROUPS.findIndex((g) => g.test(setting.key));
    groups[index]?.settings.push(setting);
  }
  for (const group of groups) group.settings.sort((a, b) => (sortKey(a.key) < sortKey(b.key) ? -1 : 1));
  return groups.filter((g) => g.settings.length > 0);
}

/**
 * A setting's name in the operator's language. The server's `meaning` is English only, so known keys get the
 * console's own words; a key the console does not know yet falls back to the server's meaning, then the key.
 */
export function settingLabel(t: TFunction, setting: Pick<TSetting, 'key' | 'meaning'>): string {
  const { key } = setting;
  let m = /^pledge\.rate\.(\d+)$/.exec(key);
  if (m) return t('config.labels.pledgeRate', { days: m[1] });
  m = /^team\.level\.(\d+)\.(direct|volume|rate)$/.exec(key);
  if (m) return t(`config.labels.level_${m[2]}`, { level: m[1] });
  m = /^(explorer\.tx|invest\.contract|machine\.collectionAddress)\.(bsc|solana)$/.exec(key);
  if (m) {
    const which =
      { 'explorer.tx': 'explorerTx', 'invest.contract': 'investContract' }[m[1] ?? ''] ?? 'collectionAddress';
    return t(`config.labels.${which}`, { chain: m[2] === 'bsc' ? 'BNB Smart Chain' : 'Solana' });
  }
  m = /^price\.reference\.(\w+)$/.exec(key);
  if (m) return t('config.labels.referencePrice', { currency: m[1]?.toUpperCase() });
  const simple: Record<string, string> = {
    'pledge.dailyLimit': 'pledgeDailyLimit',
    'machine.dailyRate': 'machineDailyRate',
    'machine.capMultiple': 'machineCapMultiple',
    'team.directRate': 'teamDirectRate',
    'team.peerRate': 'teamPeerRate',
    'team.maxBonusPercent': 'teamMaxBonusPercent',
  };
  const name = simple[key];
  if (name) return t(`config.labels.${name}`);
  return setting.meaning ?? key;
}
