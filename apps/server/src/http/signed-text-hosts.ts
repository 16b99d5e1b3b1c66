import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

/**
 * The hosts our signed texts may name: PUBLIC_HOSTS, or, when it is unset (development),
 * the Host the request came with (X-Forwarded-Host behind a trusted proxy), as the browser's address bar
 * shows it, port included.
 */
export function signedTextHosts(config: Pick<AppConfig, 'publicHosts'>, request: FastifyRequest): string[] {
  return config.publicHosts.length > 0 ? config.publicHosts : [request.host.toLowerCase()];
}
