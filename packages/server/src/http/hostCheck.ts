import type { FastifyInstance } from 'fastify';
import { systemPaths } from '@parlance/contract/endpoints';
import type { Config } from '../config.js';
import { misdirected } from './errors.js';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A Host header: a DNS name, IPv4 address or bracketed IPv6 address, and an optional port. */
const HOST_HEADER = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/;

/**
 * Health checks come from load balancers and orchestrators, addressed by IP: any host. So do
 * scrapers, when /metrics asks for a token (without one it answers this machine only, which a
 * rebinding page also is, so it keeps the check).
 */
const anyHost = (config: Pick<Config, 'metricsToken'>) =>
  new Set<string>([
    systemPaths.health,
    systemPaths.ready,
    ...(config.metricsToken === null ? [] : [systemPaths.metrics]),
  ]);

/**
 * Which `Host` headers the server answers: its own. A page on another site that rebinds its name
 * to 127.0.0.1 (DNS rebinding) reaches the server with that name as its Host, and gets 421.
 * Allowed: the hosts of APP_URL and PUBLIC_URL (with their ports) and ALLOWED_HOSTS, and loopback
 * names (any port: the development proxy forwards from another one) when the server is local or
 * one of those URLs is on this machine.
 */
export function hostAllowed(
  config: Pick<Config, 'appUrl' | 'publicUrl' | 'allowedHosts' | 'deployed'>,
) {
  const configured = [config.appUrl, config.publicUrl].map((url) => new URL(url));
  // A Host without a port means the scheme's default one.
  const hosts = new Set([
    ...configured.flatMap((url) => {
      const port = url.port || (url.protocol === 'https:' ? '443' : '80');
      return url.port ? [`${url.hostname}:${port}`] : [url.hostname, `${url.hostname}:${port}`];
    }),
    ...config.allowedHosts,
  ]);
  const loopback = !config.deployed || configured.some((url) => LOOPBACK_NAMES.has(url.hostname));
  return (host: string | undefined): boolean => {
    const parts = host && HOST_HEADER.exec(host);
    if (!parts) return false;
    const name = parts[1]!.toLowerCase();
    return (
      hosts.has(parts[2] ? `${name}:${parts[2]}` : name) || (loopback && LOOPBACK_NAMES.has(name))
    );
  };
}

/** Refuses, before anything else runs, a request addressed to a host that is not this server's. */
export function registerHostCheck(app: FastifyInstance, config: Config): void {
  const allowed = hostAllowed(config);
  const unchecked = anyHost(config);
  app.addHook('onRequest', async (request) => {
    if (allowed(request.headers.host) || unchecked.has(request.url.split('?')[0] ?? '')) return;
    // A proxy that sends its own Host would see every request refused: say which, and what to do.
    request.log.warn(
      { host: request.headers.host },
      'refused a request for another host (421): a proxy in front must pass the Host header on, or list the host in ALLOWED_HOSTS',
    );
    throw misdirected();
  });
}
