import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { cloneRunDatabase } from '../api/test/support/run-database.js';
import { runBuiltAppOn, type RunningProcess } from './support/built-app.js';

interface OtlpSpan {
  name: string;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

/** The smallest OTLP/HTTP (JSON) trace receiver: keeps every span it is sent. */
async function otlpReceiver() {
  const spans: OtlpSpan[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => resolve(body));
    });
  const server = createServer((req, res) => {
    void read(req).then((body) => {
      if (req.url === '/v1/traces') {
        const parsed = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[]; resource: unknown }[];
        };
        for (const resource of parsed.resourceSpans)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, close: () => server.close() };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

describe('OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let app: RunningProcess | undefined;
  let receiver: Awaited<ReturnType<typeof otlpReceiver>> | undefined;
  afterAll(async () => {
    await app?.stop();
    receiver?.close();
  });

  it('sends a trace of each HTTP request, with its route and its database queries, to the OTLP endpoint', async () => {
    receiver = await otlpReceiver();
    const database = await cloneRunDatabase();
    // npm start's entry (scripts/start.mjs) loads the SDK before the app when the endpoint is set.
    const started = await runBuiltAppOn(
      database.url,
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: 'loopwright-test',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
      'scripts/start.mjs',
      // Loading the SDK and hooking the instrumented modules makes a start slower on a busy machine.
      200_000,
    );
    app = started.process;
    const url = started.url;
    expect((await fetch(`${url}/api/community/diagrams`)).status).toBeLessThan(500);

    const deadline = Date.now() + 30_000;
    const server = () =>
      receiver!.spans.find(
        (s) => attribute(s, 'http.route') === '/api/community/diagrams' || s.name.includes('/api/community/diagrams'),
      );
    while (!server() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(server(), JSON.stringify(receiver.spans.map((s) => s.name))).toBeDefined();
    // PostgreSQL queries are spans too (the pg instrumentation).
    expect(
      receiver.spans.some(
        (s) => attribute(s, 'db.system') === 'postgresql' || attribute(s, 'db.system.name') === 'postgresql',
      ),
    ).toBe(true);
  }, 260_000);
});
