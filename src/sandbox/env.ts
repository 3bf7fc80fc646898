/**
 * The server's configuration for a sandbox at `url`: each platform's app keys and hosts
 * (README: Configuration), for `npm start` and the tests. Values the environment already sets
 * win, so a developer can point one platform at its real API and keep the rest in the sandbox.
 */
import { MARKETPLACE_PLATFORMS } from '@shared/domain/marketplaces.js';
import { SANDBOX_APPS } from './apps.js';

export function sandboxEnv(url: string): Record<string, string> {
  const env: Record<string, string> = { SANDBOX_URL: url };
  for (const platform of MARKETPLACE_PLATFORMS) {
    const prefix = platform.toUpperCase();
    const app = SANDBOX_APPS[platform];
    env[`${prefix}_APP_KEY`] = app.appKey;
    env[`${prefix}_APP_SECRET`] = app.appSecret;
    env[`${prefix}_API_URL`] = platform === 'shopify' ? `${url}/shopify/{shop}` : `${url}/${platform}`;
    env[`${prefix}_AUTH_URL`] = platform === 'shopify' ? `${url}/shopify/{shop}` : `${url}/${platform}`;
  }
  env.CARRIER_SANDBOX_URL = `${url}/carrier`;
  return env;
}

/** Sets the sandbox's configuration where the environment has none. */
export function applySandboxEnv(url: string, target: NodeJS.ProcessEnv = process.env): void {
  for (const [name, value] of Object.entries(sandboxEnv(url))) {
    if (target[name] === undefined || target[name] === '') target[name] = value;
  }
}
