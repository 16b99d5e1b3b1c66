import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  params: unknown[];
  /** The upstream's answer (`result`), or the refusal the proxy gave instead. */
  result?: unknown;
  refused?: boolean;
}

/**
 * An answer the proxy gives instead of forwarding: a JSON-RPC error, as a capped provider answers; with `httpStatus`
 * the whole HTTP answer has that status (a 429), the error as its body.
 */
export type Refusal = { code: number; message: string; httpStatus?: number } | null;

/**
 * A JSON-RPC proxy on loopback in front of a dev chain's node: forwards every request (single or batch) as is,
 * records method, parameters and result, and lets a test refuse calls as a real provider would (result caps).
 * The watcher under test talks to it as to any RPC URL.
 */
export async function startRpcProxy(
  upstream: string,
  refuse: (method: string, params: unknown[]) => Refusal = () => null,
  /** Runs before a call is forwarded: a test makes a call hang (a timeout) until it lets it go. */
  delay?: (method: string, params: unknown[]) => Promise<void>,
) {
  const calls: RecordedCall[] = [];
  const server = createServer(async (request, response) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const requests = (Array.isArray(body) ? body : [body]) as { id: unknown; method: string; params?: unknown[] }[];
      let status = 200;
      const answers = await Promise.all(
        requests.map(async (r) => {
          const recorded: RecordedCall = { method: r.method, params: r.params ?? [] };
          calls.push(recorded);
          const refusal = refuse(r.method, recorded.params);
          if (refusal) {
            recorded.refused = true;
            const { httpStatus, ...error } = refusal;
            if (httpStatus) status = httpStatus;
            return { jsonrpc: '2.0', id: r.id, error };
          }
          await delay?.(r.method, recorded.params);
          const upstreamResponse = await fetch(upstream, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(r),
          });
          const answer = (await upstreamResponse.json()) as { result?: unknown };
          recorded.result = answer.result;
          return answer;
        }),
      );
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify(Array.isArray(body) ? answers : answers[0]));
    } catch {
      response.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    callsOf: (method: string) => calls.filter((c) => c.method === method),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
