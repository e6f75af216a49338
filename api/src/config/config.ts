import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoPaths } from '../core/paths.js';
import { envSchema, type Env } from './env.schema.js';

export interface AppConfig extends Omit<Env, 'APP_SECRET' | 'DATA_DIR'> {
  APP_SECRET: string;
  DATA_DIR: string;
  APP_URL: string;
  /** Whether APP_URL was set; pages otherwise name themselves by the address a request came to. */
  appUrlSet: boolean;
  /** True when no DATABASE_URL was given and PostgreSQL runs embedded under DATA_DIR. */
  embeddedDatabase: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once; lists every bad key and why. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  return result.data;
}

/** The data directory: DATA_DIR, else `.data` in the repository. */
export function dataDirOf(env: Env): string {
  return path.resolve(env.DATA_DIR ?? repoPaths.dataDir);
}

/** Where a generated APP_SECRET is kept. */
export function generatedSecretFile(dataDir: string): string {
  return path.join(dataDir, 'app-secret');
}

/** Outside production a missing APP_SECRET is generated once and kept under the data directory. */
function resolveSecret(env: Env, dataDir: string): string {
  if (env.APP_SECRET) return env.APP_SECRET;
  const file = generatedSecretFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = parseEnv(source);
  const dataDir = dataDirOf(env);
  return {
    ...env,
    DATA_DIR: dataDir,
    APP_SECRET: resolveSecret(env, dataDir),
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    appUrlSet: env.APP_URL !== undefined,
    embeddedDatabase: !env.DATABASE_URL,
  };
}
