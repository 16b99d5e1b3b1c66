import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onFreePort, spawnLogged, waitForListener } from './processes.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEPLOYMENT_DOC = path.join(repoRoot, 'docs/deployment.md');

/**
 * The nginx configuration operators are given: the ```nginx block of docs/deployment.md "Several instances behind a
 * proxy". The harness runs exactly that text (one text, never a copy that could drift), with only what a loopback run
 * must change: the upstream's addresses, and a plain listen on a free port instead of TLS on 443.
 */
export function operatorsNginxBlock(doc = fs.readFileSync(DEPLOYMENT_DOC, 'utf8')): string {
  const section = doc.split('\n## Several instances behind a proxy')[1];
  const block = section && /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('docs/deployment.md has no nginx example under "Several instances behind a proxy"');
  return block;
}

/** The operators' block for this run: `upstreams` (host:port) in place of the example's servers, `port` to listen on. */
export function harnessServerBlock(block: string, upstreams: readonly string[], port: number): string {
  const upstream = /upstream\s+\w+\s*\{([\s\S]*?)\n?\}/.exec(block);
  if (!upstream?.[1]) throw new Error('the nginx example has no upstream block');
  const servers = [...upstream[1].matchAll(/server\s+\S+?(\s[^;]*)?;/g)];
  if (servers.length === 0) throw new Error('the nginx example has no upstream server');
  // Each server's parameters (max_fails, fail_timeout…) as the example gives them; the rest of the upstream as is.
  const parameters = servers[0]?.[1] ?? '';
  const ours = upstreams.map((address) => `server ${address}${parameters};`).join(' ');
  let inner = upstream[1];
  inner = inner.replace(servers[0]?.[0] ?? '', ours);
  for (const server of servers.slice(1)) inner = inner.replace(server[0], '');
  return block
    .replace(upstream[1], inner)
    .replace(/listen\s+443[^;]*;/, `listen 127.0.0.1:${port};`)
    .replace(/^\s*ssl_\w+[^;]*;\s*$/gm, '');
}

/** nginx's main configuration around the operators' block: foreground, its files in the run's folder. */
const mainConf = (dir: string, serverBlock: string) => `daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${serverBlock}
}
`;

export interface Nginx {
  url: string;
  port: number;
  config: string;
  stop(): Promise<void>;
}

/** Debian's nginx in front of `upstreams` with the configuration docs/deployment.md gives operators. */
export async function startNginx(upstreams: readonly string[]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aidf-faults-nginx-'));
  fs.chmodSync(dir, 0o755);
  const file = path.join(dir, 'nginx.conf');
  const { port, config, child, exited } = await onFreePort(async (port) => {
    const config = mainConf(dir, harnessServerBlock(operatorsNginxBlock(), upstreams, port));
    fs.writeFileSync(file, config);
    // As root nginx's workers run as `nobody`, which needs no more than the temporary folders nginx makes itself.
    const { child, output } = spawnLogged('nginx', ['-c', file, '-p', dir]);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const errorLog = () => (fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, 'utf8') : '');
    await waitForListener(port, child, () => `${output()}\n${errorLog()}`, 15_000);
    return { port, config, child, exited };
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    config,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGQUIT'); // graceful: finishes the requests in flight
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
