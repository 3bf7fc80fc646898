/**
 * The key shop secrets are sealed with. Production takes SECRETS_KEY from the environment and
 * refuses to start without it; a development or demo start makes a random key once and keeps it
 * in DATA_DIR/secrets.key (readable by this user only), beside the data it protects — fine for
 * a laptop, which is why production does not do it.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from './env.js';
import { parseSecretsKey } from './modules/marketplaces/index.js';

export function loadSecretsKey(env: Env): Buffer {
  if (env.SECRETS_KEY) return parseSecretsKey(env.SECRETS_KEY);
  if (env.NODE_ENV === 'production')
    throw new Error('Invalid environment: SECRETS_KEY is required in production');
  const file = join(env.DATA_DIR, 'secrets.key');
  if (!existsSync(file)) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return parseSecretsKey(readFileSync(file, 'utf8').trim());
}
