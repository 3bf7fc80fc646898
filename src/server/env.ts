import { z } from 'zod';

/**
 * The server's configuration, read once from the environment and validated; a bad value stops
 * the start with a message naming it. Every variable is listed in the README.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_APP_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  CAS_SERVER_URL: z.string().url().optional(),
  SMS_SENDER: z.enum(['log']).default('log'),
  /** Background jobs this node works at once per queue; 0 makes a web-only node. */
  WORKERS: z.coerce.number().int().min(0).max(32).default(2),
  /**
   * 32 bytes in base64 (openssl rand -base64 32): seals shop tokens and keys at rest. Required in
   * production; elsewhere a key is made once in DATA_DIR/secrets.key when it is not set.
   */
  SECRETS_KEY: z.string().min(1).optional(),
  /**
   * Where browsers and marketplaces reach this server: authorisation returns, webhooks, and the
   * one site the print plugin allows.
   */
  PUBLIC_URL: z.string().url().optional(),
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  return parsed.data;
}
