import { prismaEnv, run } from './lib.mjs';

await run('prisma', ['generate'], { env: prismaEnv });
