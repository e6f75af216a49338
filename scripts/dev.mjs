import { spawn } from 'node:child_process';
import path from 'node:path';
import { prismaEnv, root, run } from './lib.mjs';

// npm run dev: TypeScript in watch mode, the server restarted on change, Vite (with hot
// reload) serving the web app inside it on the same port.
await run('prisma', ['generate'], { env: prismaEnv });
await run('tsc', ['-b']);
const binPath = `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`;
const children = [
  spawn('tsc', ['-b', '--watch', '--preserveWatchOutput'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH: binPath },
  }),
  spawn('node', ['--watch-path=api/dist', 'api/dist/main.js', '--dev'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH: binPath },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
