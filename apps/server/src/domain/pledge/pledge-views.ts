import { PLEDGE_AMOUNT, pledgeProgress, type TPledgeOrder } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { PledgeFilter, PledgeRow } from '../../db/repositories/pledges.ts';
import { utcDayOf } from '../../utc-day.ts';
import { pledgeConfig } from './pledge-config.ts';
import { pledgesLeftToday } from './pledge-rules.ts';

/** Trailing zeros off: NUMERIC answers '12.500000000000000000'. */
const plain = (decimal: string) => (decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal);

/** POST /v1/cow/fund/info: the rates, the daily limit, the amount range and how many pledges are left today. */
export async function fundInfo(repos: Repositories, userId: bigint, now = new Date()) {
  const config = await pledgeConfig(repos);
  const startedToday = await repos.pledges.countStartedOn(userId, utcDayOf(now));
  return {
    configDays30: plain(config.rates[30]),
    configDays90: plain(config.rates[90]),
    configDays180: plain(config.rates[180]),
    configDays365: plain(config.rates[365]),
    dailyLimit: config.dailyLimit,
    minAmount: PLEDGE_AMOUNT.min,
    maxAmount: PLEDGE_AMOUNT.max,
    pledgesLeftToday: pledgesLeftToday(config.dailyLimit, startedToday),
  };
}

/** A pledge as the client sees it; its days paid, unlock and next payment follow the settlement rule. */
export function toPledgeOrder(row: PledgeRow): TPledgeOrder {
  const running = row.status === 'running';
  const progress = pledgeProgress(row);
  return {
    id: row.id.toString(),
    amount: plain(row.amount),
    days: row.days,
    rate: plain(row.rate),
    submode: row.submode as TPledgeOrder['submode'],
    settled: plain(row.paid),
    status: running ? 'running' : 'completed',
    createTime: row.createdAt.getTime(),
    endTime: progress.endTime,
    paidDays: progress.paidDays,
    nextPayTime: running ? progress.nextPayTime : null,
    autoRenew: row.autoRenew,
    renewal: row.renewal as TPledgeOrder['renewal'],
    renewedFrom: row.renewedFrom === null ? null : row.renewedFrom.toString(),
  };
}

const FILTERS: Record<'0' | '1' | '2', PledgeFilter> = { '0': 'all', '1': 'running', '2': 'completed' };

export async function pledgePage(
  repos: Repositories,
  userId: bigint,
  q: { type: '0' | '1' | '2'; pageNum: number; pageSize: number },
) {
  const { rows, total } = await repos.pledges.page(userId, FILTERS[q.type], q.pageSize, (q.pageNum - 1) * q.pageSize);
  return { list: rows.map(toPledgeOrder), total };
}
