import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

/**
 * Runs a command from node_modules/.bin (on Node 24 through PATH), inheriting the terminal; with
 * `quiet`, its output is kept and printed only if the command fails; with `holdOutput`, it is kept even
 * then, on the error (`error.output`), for the caller to print when it suits.
 */
export function run(name, args, options = {}) {
  return new Promise((resolve, reject) => {
    const output = [];
    const child = spawn(bin(name), args, {
      cwd: options.cwd ?? root,
      stdio: options.quiet || options.holdOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: {
        ...process.env,
        PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
        ...options.env,
      },
    });
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const error = new Error(`${name} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`);
      error.output = Buffer.concat(output).toString();
      if (error.output && !options.holdOutput) process.stderr.write(error.output);
      reject(error);
    });
  });
}

/** Prisma's CLI wants a native engine it cannot download here; generate needs none, so point it at a stub. */
export const prismaEnv = {
  PRISMA_SCHEMA_ENGINE_BINARY: path.join(root, 'scripts/no-schema-engine.sh'),
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
};
