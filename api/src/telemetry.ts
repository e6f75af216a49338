// Loaded before the app or worker (`node --import ./api/dist/telemetry.js …`, and by scripts/start.mjs):
// with OTEL_EXPORTER_OTLP_ENDPOINT set, starts OpenTelemetry's Node SDK so incoming HTTP requests,
// Express routes and PostgreSQL queries become traces sent over OTLP/HTTP. Without it nothing of
// OpenTelemetry is even imported. The instrumentations patch modules as they load, so this must run
// before the entry point's imports: the ESM hook below sees every later `import`.
import { register } from 'node:module';

export async function startTracing(): Promise<(() => Promise<void>) | null> {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  // Only the modules instrumented below go through the hook (wrapping every ESM module breaks some
  // re-exports, e.g. our workspace packages' `export *`).
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: ['http', 'https', 'express', 'pg', 'pg-pool'] },
  });
  // Traces only: metrics go to Prometheus through /metrics, logs to stdout.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const [
    { NodeSDK },
    { OTLPTraceExporter },
    { HttpInstrumentation },
    { ExpressInstrumentation },
    { PgInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'loopwright',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => req.url === '/metrics' }),
      new ExpressInstrumentation(),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  const stop = () => sdk.shutdown();
  // Spans still buffered are sent when the process ends normally.
  process.once('beforeExit', () => void stop());
  return stop;
}

export const stopTracing = await startTracing();
