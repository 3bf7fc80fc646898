/**
 * The server's configuration for a running sandbox: each platform's app keys and hosts
 * (README: Configuration), for `npm start` and the tests. Values the environment already sets
 * win, so a developer can point one platform at its real API and keep the rest in the sandbox.
 *
 * Each platform is served on its own port with its documented paths from the root, so its hosts
 * are that port's base URL as the live hosts are (Lazada's API base ends in /rest as
 * https://api.lazada.co.th/rest does; Shopify's names the shop as its first path segment, the
 * stand-in for the shop's own host).
 */
import { MARKETPLACE_PLATFORMS, type MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { SANDBOX_APPS } from './apps.js';
import { sandboxAddresses } from './server.js';

/** Where a sandbox answers: its main URL (control, carrier) and each platform's base URL. */
export interface SandboxAddresses {
  url: string;
  urls: Partial<Record<MarketplacePlatform, string>>;
}

/** A platform's API and authorisation hosts on its sandbox port. */
export function sandboxHosts(
  platform: MarketplacePlatform,
  base: string,
): { apiUrl: string; authUrl: string } {
  if (platform === 'shopify') return { apiUrl: `${base}/{shop}`, authUrl: `${base}/{shop}` };
  if (platform === 'lazada') return { apiUrl: `${base}/rest`, authUrl: base };
  return { apiUrl: base, authUrl: base };
}

/** The configuration for a sandbox: a running one, or its main URL (see sandboxAddresses). */
export function sandboxEnv(sandbox: SandboxAddresses | string): Record<string, string> {
  if (typeof sandbox === 'string') return sandboxEnv(sandboxAddresses(sandbox));
  const env: Record<string, string> = { SANDBOX_URL: sandbox.url };
  for (const platform of MARKETPLACE_PLATFORMS) {
    const base = sandbox.urls[platform];
    if (base === undefined) continue;
    const prefix = platform.toUpperCase();
    const app = SANDBOX_APPS[platform];
    const hosts = sandboxHosts(platform, base);
    env[`${prefix}_APP_KEY`] = app.appKey;
    env[`${prefix}_APP_SECRET`] = app.appSecret;
    env[`${prefix}_API_URL`] = hosts.apiUrl;
    env[`${prefix}_AUTH_URL`] = hosts.authUrl;
  }
  env.CARRIER_SANDBOX_URL = `${sandbox.url}/carrier`;
  return env;
}

/** Sets the sandbox's configuration where the environment has none. */
export function applySandboxEnv(
  sandbox: SandboxAddresses | string,
  target: NodeJS.ProcessEnv = process.env,
): void {
  for (const [name, value] of Object.entries(sandboxEnv(sandbox))) {
    if (target[name] === undefined || target[name] === '') target[name] = value;
  }
}
