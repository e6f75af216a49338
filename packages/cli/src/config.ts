import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface RemoteConfig {
  url: string;
  apiKey: string;
}

/** $XDG_CONFIG_HOME/loopwright/config.json (~/.config/… without it; %APPDATA% on Windows). */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_CONFIG_HOME ||
    (process.platform === 'win32' && env.APPDATA ? env.APPDATA : join(env.HOME || homedir(), '.config'));
  return join(base, 'loopwright', 'config.json');
}

async function readStored(env: NodeJS.ProcessEnv): Promise<Partial<RemoteConfig>> {
  try {
    return JSON.parse(await readFile(configPath(env), 'utf8')) as Partial<RemoteConfig>;
  } catch {
    return {};
  }
}

/** Where to call and with which key: LOOPWRIGHT_URL / LOOPWRIGHT_API_KEY first, then what `login` stored. */
export async function loadConfig(env: NodeJS.ProcessEnv = process.env): Promise<RemoteConfig | null> {
  const stored = await readStored(env);
  const url = env.LOOPWRIGHT_URL || stored.url;
  const apiKey = env.LOOPWRIGHT_API_KEY || stored.apiKey;
  return url && apiKey ? { url: url.replace(/\/+$/, ''), apiKey } : null;
}

/** Stores the URL and key readable by the user only (the directory 700, the file 600). */
export async function saveConfig(config: RemoteConfig, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const path = configPath(env);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(path, 0o600); // an existing file keeps its mode on write
  return path;
}
