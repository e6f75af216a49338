import { describe, expect, it } from 'vitest';
import { classifyOutage } from './outage.js';

/** The shape Prisma's pg adapter gives a PostgreSQL error: the SQLSTATE on the driver-adapter cause. */
const prismaError = (code: string, message: string) =>
  Object.assign(new Error(message), {
    code: 'P2010',
    meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'postgres', code, message } } },
  });

describe('classifyOutage', () => {
  it.each([
    ['25P03', 'terminating connection due to idle-in-transaction timeout'],
    ['57P05', 'terminating connection due to idle-session timeout'],
    ['57P01', 'terminating connection due to administrator command'],
    ['53300', 'sorry, too many clients already'],
  ])('a lost or refused session (%s) is the database being unavailable', (code, message) => {
    expect(classifyOutage(prismaError(code, message))).toBe('database');
  });

  it('a transaction the database kept waiting past its timeout (P2028) is the database being unavailable', () => {
    const expired = Object.assign(
      new Error(
        'Transaction API error: Transaction already closed: A query cannot be executed on an expired transaction. The timeout for this transaction was 15000 ms, however 15301 ms passed since the start of the transaction.',
      ),
      { code: 'P2028' },
    );
    expect(classifyOutage(expired)).toBe('database');
  });

  it('a statement cancelled by its timeout and a full disk keep their own answers; a constraint error is no outage', () => {
    expect(classifyOutage(prismaError('57014', 'canceling statement due to statement timeout'))).toBe(
      'statement-timeout',
    );
    expect(classifyOutage(prismaError('53100', 'could not extend file'))).toBe('storage-full');
    expect(classifyOutage(prismaError('23505', 'duplicate key value violates unique constraint'))).toBeNull();
  });
});
