/** Polls `read` until it gives a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(
  read: () => Promise<T | undefined>,
  timeoutMs = 10_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
