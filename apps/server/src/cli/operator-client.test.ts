import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { operatorCall } from './operator-client.ts';

/** A port that was just free: a server is opened on it and closed again, so nothing answers there. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('a server that does not answer is named by URL, with OPERATOR_URL as the way elsewhere', async () => {
  const baseUrl = `http://127.0.0.1:${await closedPort()}`;
  const call = operatorCall({ baseUrl, token: 't', operatorName: 'me' }, 'GET', '/ops/v1/config');
  await expect(call).rejects.toThrow(`cannot reach the server at ${baseUrl}/ops/v1/config`);
  await expect(call).rejects.toThrow(/ECONNREFUSED.*OPERATOR_URL=/);
});
