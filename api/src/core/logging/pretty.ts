/** Readable log lines for a person at a terminal: `12:04:05 WARN  message key=value`. */
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[31m' };
const HIDDEN = new Set(['level', 'time', 'msg', 'service', 'pid', 'hostname']);

export function formatLogLine(line: string, colour = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = Number(entry.level);
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
  const label = (LEVELS[level] ?? String(entry.level)).padEnd(5);
  const fields = Object.entries(entry)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value)}`);
  const text = [time, label, typeof entry.msg === 'string' ? entry.msg : '', ...fields]
    .filter((part) => part !== '')
    .join(' ');
  const tint = colour ? COLOURS[level] : undefined;
  return `${tint ? `${tint}${text}\x1b[0m` : text}\n`;
}

/** A pino destination that writes readable lines instead of JSON. */
export function prettyDestination(out: { write(text: string): unknown; isTTY?: boolean } = process.stdout) {
  return { write: (line: string) => void out.write(formatLogLine(line, Boolean(out.isTTY))) };
}
