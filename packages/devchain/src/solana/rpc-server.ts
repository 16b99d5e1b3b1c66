import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toJson } from './json.ts';
import { invalidParams, RpcError, RpcErrorCode } from './rpc-error.ts';

export type RpcMethod = (params: readonly unknown[]) => unknown;

export interface RpcServer {
  url: string;
  close(): Promise<void>;
}

/** A JSON-RPC 2.0 endpoint (POST /, single and batch requests) on 127.0.0.1. */
export async function startRpcServer(methods: Readonly<Record<string, RpcMethod>>, port: number): Promise<RpcServer> {
  const server = createServer((request, response) => {
    handle(methods, request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${boundPort}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections from fetch clients would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

async function handle(
  methods: Readonly<Record<string, RpcMethod>>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  // Browser wallets and the web app talk to the RPC directly, as they do to public RPC providers.
  response.setHeader('access-control-allow-origin', '*');
  if (request.method === 'OPTIONS') {
    response
      .writeHead(204, {
        'access-control-allow-methods': 'POST, OPTIONS',
        // solana-client: the header @solana/kit's browser transport sends, as public RPCs allow it.
        'access-control-allow-headers': 'content-type, solana-client',
      })
      .end();
    return;
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { allow: 'POST, OPTIONS' }).end();
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const reply = answer(methods, Buffer.concat(chunks).toString('utf8'));
  response.writeHead(200, { 'content-type': 'application/json' }).end(toJson(reply));
}

function answer(methods: Readonly<Record<string, RpcMethod>>, body: string): unknown {
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return failure(null, new RpcError(RpcErrorCode.parseError, 'Parse error'));
  }
  if (!Array.isArray(payload)) return call(methods, payload);
  if (payload.length === 0) return failure(null, new RpcError(RpcErrorCode.invalidRequest, 'Invalid request'));
  return payload.map((request) => call(methods, request));
}

function call(methods: Readonly<Record<string, RpcMethod>>, request: unknown): unknown {
  if (typeof request !== 'object' || request === null) {
    return failure(null, new RpcError(RpcErrorCode.invalidRequest, 'Invalid request'));
  }
  const { jsonrpc, id = null, method, params = [] } = request as Record<string, unknown>;
  if (jsonrpc !== '2.0' || typeof method !== 'string') {
    return failure(id, new RpcError(RpcErrorCode.invalidRequest, 'Invalid request'));
  }
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (!handler) return failure(id, new RpcError(RpcErrorCode.methodNotFound, 'Method not found'));
  if (!Array.isArray(params)) return failure(id, invalidParams('Invalid params: expected positional parameters'));
  try {
    return { jsonrpc: '2.0', result: handler(params), id };
  } catch (error) {
    if (error instanceof RpcError) return failure(id, error);
    const message = error instanceof Error ? error.message : String(error);
    return failure(id, new RpcError(RpcErrorCode.internalError, `Internal error: ${message}`));
  }
}

function failure(id: unknown, error: RpcError): unknown {
  const data = error.data === undefined ? {} : { data: error.data };
  return { jsonrpc: '2.0', error: { code: error.code, message: error.message, ...data }, id };
}
