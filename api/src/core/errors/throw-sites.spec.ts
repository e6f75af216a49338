import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { errorMap } from '@loopwright/contracts';
import { describe, expect, it } from 'vitest';
import { repoPaths } from '../paths.js';
import { AppError } from './app-error.js';

const source = path.join(repoPaths.root, 'api/src');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'generated') return [];
    return statSync(full).isDirectory()
      ? files(full)
      : /\.ts$/.test(name) && !/\.(int-)?spec\.ts$/.test(name)
        ? [full]
        : [];
  });

/** The argument text of every `new AppError(…)` in a file (balanced parentheses). */
function appErrorCalls(text: string): string[] {
  const calls: string[] = [];
  for (let start = text.indexOf('new AppError('); start >= 0; start = text.indexOf('new AppError(', start + 1)) {
    let depth = 0;
    for (let i = start + 'new AppError'.length; i < text.length; i++) {
      if (text[i] === '(') depth++;
      if (text[i] === ')' && --depth === 0) {
        calls.push(text.slice(start + 'new AppError('.length, i));
        break;
      }
    }
  }
  return calls;
}

describe('throw sites', () => {
  it('name a code only: no status, no second positional text, and the status comes from the map', () => {
    const offenders: string[] = [];
    let count = 0;
    for (const file of files(source)) {
      for (const args of appErrorCalls(readFileSync(file, 'utf8'))) {
        count++;
        const rest = args.replace(/^[^,]+/, '').trim();
        // After the code: nothing, or an options object ({ message?, details? }) with no status in it.
        if (rest && !/^,\s*\{/.test(rest))
          offenders.push(`${path.relative(source, file)}: new AppError(${args.slice(0, 80)}…)`);
        if (/\bstatus\s*:|,\s*[1-5]\d\d\b/.test(rest.replace(/details:[\s\S]*$/, '')))
          offenders.push(`${path.relative(source, file)}: passes a status`);
      }
    }
    expect(count).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });

  it('takes the status and the text from the error map', () => {
    const error = new AppError('TAG_LIMIT_REACHED', { details: { limit: 100 } });
    expect([error.status, error.message, error.details]).toEqual([
      errorMap.TAG_LIMIT_REACHED.status,
      errorMap.TAG_LIMIT_REACHED.text,
      { limit: 100 },
    ]);
    expect(new AppError('DIAGRAM_FORBIDDEN', { message: 'Only the owner of this diagram can do that' }).status).toBe(
      403,
    );
  });
});
