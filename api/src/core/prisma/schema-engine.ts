import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as engineBindings from '@prisma/schema-engine-wasm/schema_engine_bg';

type SchemaEngine = Awaited<ReturnType<typeof engineBindings.SchemaEngine.new>>;

// @types/node does not declare WebAssembly; this is the one call we make.
const wasmRuntime = (
  globalThis as unknown as {
    WebAssembly: { instantiate(bytes: Buffer, imports: object): Promise<{ instance: { exports: unknown } }> };
  }
).WebAssembly;

let instantiated: Promise<void> | undefined;

// The package imports its .wasm as an ES module, which Node only allows behind a flag;
// instantiate it by hand instead and hand the exports to the bindings.
function instantiateWasm(): Promise<void> {
  instantiated ??= (async () => {
    const bindings = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const wasmPath = path.join(path.dirname(bindings), 'schema_engine_bg.wasm');
    const { instance } = await wasmRuntime.instantiate(await readFile(wasmPath), {
      './schema_engine_bg.js': engineBindings,
    });
    const exports = instance.exports as { __wbindgen_start: () => void };
    engineBindings.__wbg_set_wasm(exports);
    exports.__wbindgen_start();
  })();
  return instantiated;
}

export async function withSchemaEngine<T>(
  databaseUrl: string,
  datamodel: { path: string; content: string } | undefined,
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  await instantiateWasm();
  // Our own pool, so every connection the engine opened is closed when the work is done.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg(pool));
  const engine = await engineBindings.SchemaEngine.new(
    { datamodels: datamodel ? [[datamodel.path, datamodel.content]] : undefined },
    () => undefined,
    adapter,
  );
  try {
    return await work(engine);
  } finally {
    engine.free();
    await pool.end();
  }
}
