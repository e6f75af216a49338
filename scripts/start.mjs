import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from './build.mjs';
import { root } from './lib.mjs';

// npm start: builds once if needed, then runs the app in this very process (so Ctrl-C and
// SIGTERM reach the code that stops the embedded PostgreSQL). --worker, --seed, --migrate,
// --instance-id, --backup, --restore run the other entry points; --verbose shows the build tools' own output
// (--seed-demo: the sample community, npm run seed:demo).
const entries = {
  '--worker': 'worker.js',
  '--seed': 'scripts/seed.js',
  '--seed-demo': 'scripts/seed-demo.js',
  '--migrate': 'scripts/migrate.js',
  '--instance-id': 'scripts/instance-id.js',
  '--backup': 'scripts/backup.js',
  '--restore': 'scripts/restore.js',
};
const flag = process.argv.slice(2).find((arg) => arg in entries);
const entry = path.join(root, 'api/dist', entries[flag] ?? 'main.js');

const built = existsSync(entry) && existsSync(path.join(root, 'web/build/server/index.js'));
if (!built || process.argv.includes('--rebuild')) {
  const verbose = process.argv.includes('--verbose');
  console.log(
    `Building Loopwright (first start or --rebuild; a minute or two${verbose ? '' : ', --verbose shows the details'})…`,
  );
  await build({ quiet: !verbose });
}
// OpenTelemetry (only with OTEL_EXPORTER_OTLP_ENDPOINT) must start before the app's modules load.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT && (!flag || flag === '--worker'))
  await import(pathToFileURL(path.join(root, 'api/dist/telemetry.js')).href);
await import(pathToFileURL(entry).href);
