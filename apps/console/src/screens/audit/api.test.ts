// @vitest-environment jsdom
import { SUCCESS_CODE, type TAuditRow } from '@aidf/contract';
import { describe, expect, it } from 'vitest';
import { allAuditRows, auditCsv } from './api.ts';

const row = (id: number): TAuditRow => ({
  id: String(id),
  at: Date.UTC(2026, 10, 23, 12, 0, id % 60),
  operator: 'fay',
  role: 'finance',
  action: 'credit',
  target: `user:${id}`,
  before: null,
  after: { amount: '5' },
  reason: 'refund, "late"',
  clientAddress: '127.0.0.1',
  movementId: null,
  detail: null,
});

describe('[console] audit export', () => {
  it('fetches every page of the filter, keeping a row that moved to the next page once', async () => {
    // 1,203 rows newest first; between page 1 and 2 a new row arrives, so page 2 starts with page 1's last row.
    const all = Array.from({ length: 1203 }, (_, i) => row(1203 - i));
    const asked: string[] = [];
    const fetcher = (async (url: string) => {
      asked.push(url);
      const q = new URL(url, 'http://x').searchParams;
      const page = Number(q.get('page'));
      const size = Number(q.get('size'));
      const start = (page - 1) * size - (page > 1 ? 1 : 0);
      const list = all.slice(start, start + size);
      return new Response(JSON.stringify({ code: SUCCESS_CODE, msg: 'success', data: { total: all.length, list } }));
    }) as unknown as typeof fetch;
    const rows = await allAuditRows({ operator: 'fay', action: '', target: '' }, fetcher);
    expect(rows.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(asked[0]).toBe('/ops/v1/audit?operator=fay&page=1&size=500');
    expect(asked).toHaveLength(3);
  });

  it('writes times in UTC and values as escaped JSON', () => {
    const [header, first] = auditCsv([row(7)])
      .replace('\uFEFF', '')
      .split('\r\n');
    expect(header).toBe('id,at,operator,role,action,target,before,after,reason,clientAddress,movementId,detail');
    expect(first).toBe(
      '7,2026-11-23T12:00:07.000Z,fay,finance,credit,user:7,,"{""amount"":""5""}","refund, ""late""",127.0.0.1,,',
    );
  });
});
