import { describe, expect, it } from 'vitest';
import { localStore } from './safe-storage';

describe('safe storage without a browser (values live in memory)', () => {
  it('finds and removes keys by a test, leaving the others', () => {
    localStore.set('loopwright:draft:a', '1');
    localStore.set('loopwright:draft:b', '2');
    localStore.set('loopwright:consent', 'yes');
    expect(localStore.some((key) => key.startsWith('loopwright:draft:'))).toBe(true);

    localStore.removeWhere((key) => key.startsWith('loopwright:draft:'));

    expect(localStore.some((key) => key.startsWith('loopwright:draft:'))).toBe(false);
    expect(localStore.get('loopwright:draft:a')).toBeNull();
    expect(localStore.get('loopwright:consent')).toBe('yes');
  });
});
