import { describe, expect, it } from 'vitest';
import { DiagramErrorCode } from './diagrams-texts.js';
import { ErrorCode, errorMap, errorStatus, errorText } from './error-map.js';

describe('the error map', () => {
  it('gives every code an HTTP error status and a text', () => {
    const codes = Object.keys(errorMap) as ErrorCode[];
    expect(codes.length).toBeGreaterThan(40);
    for (const code of codes) {
      expect(code, code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      expect(
        Number.isInteger(errorStatus(code)) && errorStatus(code) >= 400 && errorStatus(code) < 600,
        `${code} status`,
      ).toBe(true);
      expect(errorText(code).trim().length, `${code} text`).toBeGreaterThan(3);
    }
  });

  it('is the only list of codes: the named constants are exactly its keys', () => {
    expect(Object.keys(ErrorCode).sort()).toEqual(Object.keys(errorMap).sort());
    expect(Object.entries(ErrorCode).every(([key, value]) => key === value)).toBe(true);
    for (const code of Object.values(DiagramErrorCode)) expect(errorMap, code).toHaveProperty(code);
  });

  it('keeps the texts the spec gives word for word', () => {
    expect(errorText('TAG_LIMIT_REACHED')).toBe('Max number of tags reached');
    expect(errorText('DIAGRAM_LIMIT_REACHED')).toBe(
      "You've reached the maximum number of components included in your current subscription plan",
    );
    expect(errorText('DIAGRAM_COPY_UNAVAILABLE')).toBe('The diagram you are trying to copy is no longer available');
    expect(errorStatus('PLAN_LIMIT_REACHED')).toBe(402);
  });
});
