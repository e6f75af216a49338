import WebSocket from 'ws';

/** The inspector address a process started with `--inspect=127.0.0.1:0` prints on stderr. */
export function inspectorUrlIn(output) {
  return /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1] ?? null;
}

/**
 * A connection to a Node process's inspector (Chrome DevTools Protocol): `send(method, params)`
 * resolves with the result. Used by benchmarks to collect garbage in the app and read its memory.
 */
export async function connectInspector(url) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let next = 0;
  const pending = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`));
    else waiter.resolve(message.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject, method });
      socket.send(JSON.stringify({ id, method, params }));
    });
  /** A full garbage collection, then the process's memory (process.memoryUsage(), bytes). */
  const memoryAfterGc = async () => {
    await send('HeapProfiler.collectGarbage');
    await send('HeapProfiler.collectGarbage');
    const { result } = await send('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    return JSON.parse(result.value);
  };
  /** Writes a heap snapshot of the process to this file (open it in Chromium's DevTools, Memory tab). */
  const heapSnapshot = async (file) => {
    await send('Runtime.evaluate', {
      expression: `require('node:v8').writeHeapSnapshot(${JSON.stringify(file)})`,
      includeCommandLineAPI: true,
      returnByValue: true,
    });
  };
  return { send, memoryAfterGc, heapSnapshot, close: () => socket.close() };
}
