import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoPaths } from '../api/src/core/paths.js';
import { embeddedBinDir } from '../api/src/scripts/backup/pg-tools.js';

const run = promisify(execFile);
const root = repoPaths.root;
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** docker-compose (1.x) is only needed to read the file; no Docker engine is used. */
const dockerCompose = await run('docker-compose', ['version', '--short']).then(
  () => true,
  () => false,
);

interface Service {
  image?: string;
  profiles?: string[];
  command?: string[];
  environment?: Record<string, string>;
  volumes?: ({ source: string; target: string } | string)[];
}

/** `docker-compose config` as compose itself resolves the file: variables filled in, anchors merged. */
async function resolvedCompose(env: Record<string, string>): Promise<{ services: Record<string, Service> }> {
  const { stdout } = await run('docker-compose', ['--profile', 'monitoring', 'config'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  return parse(stdout) as { services: Record<string, Service> };
}

const secret = { APP_SECRET: 'compose-test-secret-compose-test-secret', METRICS_TOKEN: 'compose-test-token-0123' };

/** Where a service mounts a file of the repository (bind mounts come back as absolute source paths). */
function mountOf(service: Service, target: string): string | undefined {
  for (const volume of service.volumes ?? []) {
    if (typeof volume === 'string') {
      const [source, to] = volume.split(':');
      if (to === target) return path.resolve(root, source);
    } else if (volume.target === target) return path.resolve(root, volume.source);
  }
  return undefined;
}

describe('the Docker setup, read without a Docker engine', () => {
  it('builds the image with the PostgreSQL client of the compose server and of the embedded one', () => {
    const client = /postgresql-client-(\d+)/.exec(read('docker/Dockerfile'))?.[1];
    const server = /image:\s*postgres:(\d+)/.exec(read('docker-compose.yml'))?.[1];
    expect(client).toBeDefined();
    expect(server).toBe(client);
    // A backup of an npm install (embedded PostgreSQL, pg_dump of the same major) restores in the image too.
    const embedded = JSON.parse(readFileSync(path.join(embeddedBinDir()!, '../../package.json'), 'utf8')) as {
      version: string;
    };
    expect(embedded.version.split('.')[0]).toBe(client);
  });

  it("copies into the runtime image every workspace folder of packages npm did not hoist (web's @hookform/resolvers)", () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, unknown> };
    const nested = new Set(
      Object.keys(lock.packages)
        .filter((key) => !key.startsWith('node_modules/') && key.includes('/node_modules/'))
        .map((key) => key.slice(0, key.indexOf('/node_modules/'))),
    );
    expect(nested.size).toBeGreaterThan(0);
    // Sources of the runtime stage's COPY --from=build lines (the last word is the destination).
    const copied = [...read('docker/Dockerfile').matchAll(/^COPY --from=build (.+)$/gm)].flatMap(([, words]) =>
      words
        .split(' ')
        .filter((word) => !word.startsWith('--'))
        .slice(0, -1),
    );
    for (const workspace of nested)
      expect(
        copied.some((source) => [`/app/${workspace}/node_modules`, `/app/${workspace.split('/')[0]}`].includes(source)),
        `${workspace}/node_modules is not copied into the runtime image`,
      ).toBe(true);
  });

  it('gives the worker and backup services no HTTP health check (the image asks the app port they do not open)', () => {
    const { services } = parse(read('docker-compose.yml'), { merge: true }) as {
      services: Record<string, Service & { healthcheck?: { disable?: boolean } }>;
    };
    for (const name of ['worker', 'backup']) expect(services[name].healthcheck, name).toEqual({ disable: true });
    expect(services.app.healthcheck).toBeUndefined();
  });

  it('points Grafana at the provisioned Prometheus in every panel', () => {
    const datasource = parse(read('docker/monitoring/grafana-datasource.yml')) as {
      datasources: { uid: string; type: string }[];
    };
    const dashboard = read('docker/monitoring/loopwright-dashboard.json');
    const uids = [...dashboard.matchAll(/"datasource":\s*\{\s*"type":\s*"(\w+)",\s*"uid":\s*"([^"]+)"/g)];
    expect(uids.length).toBeGreaterThan(8);
    const [{ type: provisionedType, uid: provisionedUid }] = datasource.datasources;
    for (const [, type, uid] of uids) expect({ type, uid }).toEqual({ type: provisionedType, uid: provisionedUid });
  });

  describe.skipIf(!dockerCompose)('docker-compose config', () => {
    it('has the backup service and, in the monitoring profile, Prometheus and Grafana with the repository files', async () => {
      const { services } = await resolvedCompose({ ...secret, BACKUP_KEEP: '14' });
      expect(services.backup).toMatchObject({ image: 'loopwright:latest', command: ['backup-daily'] });
      expect(services.backup.environment).toMatchObject({ BACKUP_DIR: '/backups', BACKUP_KEEP: '14' });
      expect(mountOf(services.backup, '/backups')).toBeDefined();
      // The app and the workers serve /metrics with the same token Prometheus sends.
      expect(services.app.environment?.METRICS_TOKEN).toBe(secret.METRICS_TOKEN);
      expect(services.worker.environment?.METRICS_TOKEN).toBe(secret.METRICS_TOKEN);

      for (const name of ['prometheus', 'grafana']) expect(services[name].profiles).toEqual(['monitoring']);
      expect(services.prometheus.environment?.METRICS_TOKEN).toBe(secret.METRICS_TOKEN);
      expect(mountOf(services.prometheus, '/etc/prometheus/prometheus.yml')).toBe(
        path.join(root, 'docker/monitoring/prometheus.yml'),
      );
      const dashboard = mountOf(services.grafana, '/var/lib/grafana/dashboards/loopwright-dashboard.json');
      expect(dashboard).toBe(path.join(root, 'docker/monitoring/loopwright-dashboard.json'));
      for (const target of [
        '/etc/grafana/provisioning/datasources/loopwright.yml',
        '/etc/grafana/provisioning/dashboards/loopwright.yml',
      ])
        expect(existsSync(mountOf(services.grafana, target)!), target).toBe(true);
    });

    it('refuses to start without APP_SECRET, saying how to make one', async () => {
      const refused = await resolvedCompose({}).then(
        () => null,
        (error: { stderr: string }) => error.stderr,
      );
      expect(refused).toContain('Set APP_SECRET to a random string of at least 32 characters');
    });
  });
});
