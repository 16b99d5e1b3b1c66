import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, credit, ops, signUp } from './users.ts';

describe('[api] assets valued in USDT at the reference prices the operators set', () => {
  let server: TestServer;
  let user: Account;
  const setPrice = (currency: string, value: string) =>
    ops(server, 'POST', '/ops/v1/config', { key: `price.reference.${currency}`, value, reason: 'reference prices' });
  const assets = async (path = `/v1/ma/account/assets/${user.mid}`) => {
    const res = await call(server.baseUrl, path, { method: 'GET', token: user.token });
    expect(res.status, res.text).toBe(200);
    return new Map(
      (res.json.data as { currency: string; submode: string; valueUsdt: string | null }[]).map((b) => [
        `${b.currency}/${b.submode}`,
        b.valueUsdt,
      ]),
    );
  };

  beforeAll(async () => {
    server = await startTestServer();
    user = await signUp(server);
    await credit(server, user.username, 'usdt', '12.5');
    await credit(server, user.username, 'aidf', '3');
    await credit(server, user.username, 'aidf', '0.000000000000000001', '16');
    await credit(server, user.username, 'cow', '7');
  });
  afterAll(() => server.close());

  it('values only USDT (1 by definition) until an operator sets a price', async () => {
    const values = await assets();
    expect(values.get('usdt/00')).toBe('12.5');
    expect(values.get('aidf/00')).toBeNull();
    expect(values.get('cow/00')).toBeNull();
    expect(values.get('eoeo/00')).toBeNull();
  });

  it('multiplies each balance by its price in decimals, frozen AIDF included, cut down to 18 places', async () => {
    expect((await setPrice('aidf', '0.3333333333333333337')).status).toBe(400); // 19 decimals
    expect((await setPrice('aidf', '0.333333333333333333')).status).toBe(200);
    expect((await setPrice('cow', '0.1')).status).toBe(200);
    const values = await assets();
    // 3 × 0.333… and 0.1 × 7 are exact in decimals (a float gives 0.7000000000000001).
    expect(values.get('aidf/00')).toBe('0.999999999999999999');
    expect(values.get('cow/00')).toBe('0.7');
    // 1e-18 × 0.333… is below the last place: cut to 0, never rounded up.
    expect(values.get('aidf/16')).toBe('0');
    expect(values.get('bnb/00')).toBeNull();
    // The submode call carries the same figure.
    expect((await assets('/v1/ma/account/assets/sub/16')).get('aidf/16')).toBe('0');
  });

  it("takes a price away with '0' and refuses anything but a plain decimal", async () => {
    expect((await setPrice('cow', '0')).status).toBe(200);
    expect((await assets()).get('cow/00')).toBeNull();
    for (const bad of ['-1', '1e3', '0x10', '1,5', ' 1', '01', '.5', '1234567890123']) {
      const res = await setPrice('cow', bad);
      expect(res.status, bad).toBe(400);
      expect(res.json.code).toBe(1225);
    }
    // USDT has no setting: it is worth 1 USDT.
    expect((await setPrice('usdt', '2')).status).toBe(400);
    const listed = await ops(server, 'GET', '/ops/v1/config');
    expect(listed.json.data).toContainEqual(
      // OPERATOR_TOKEN is the operator cli; its x-operator name goes to the audit row only.
      expect.objectContaining({ key: 'price.reference.aidf', updatedBy: 'cli' }),
    );
  });
});
