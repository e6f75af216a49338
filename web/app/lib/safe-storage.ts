/**
 * localStorage and sessionStorage as the app uses them: a page inside an iframe on another site
 * with third-party storage blocked throws a SecurityError on merely reading `window.localStorage`.
 * There, and on the server, values live in memory for the page's lifetime instead.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** Whether some key passes `test`. */
  some(test: (key: string) => boolean): boolean;
  /** Removes every key that passes `test`. */
  removeWhere(test: (key: string) => boolean): void;
}

function memoryStorage(): SafeStorage {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
    some: (test) => [...values.keys()].some(test),
    removeWhere: (test) => [...values.keys()].filter(test).forEach((key) => values.delete(key)),
  };
}

function browserStorage(name: 'localStorage' | 'sessionStorage'): SafeStorage {
  const fallback = memoryStorage();
  let storage: Storage | null | undefined;
  const real = (): Storage | null => {
    if (storage !== undefined) return storage;
    try {
      storage = typeof window === 'undefined' ? null : window[name];
    } catch {
      storage = null;
    }
    return storage;
  };
  const storedKeys = (): string[] => {
    try {
      const s = real();
      return s ? Array.from({ length: s.length }, (_, i) => s.key(i)).filter((key) => key !== null) : [];
    } catch {
      return [];
    }
  };
  return {
    get(key) {
      try {
        return real()?.getItem(key) ?? fallback.get(key);
      } catch {
        return fallback.get(key);
      }
    },
    set(key, value) {
      try {
        const s = real();
        if (s) return s.setItem(key, value);
      } catch {
        // full or blocked: kept in memory below
      }
      fallback.set(key, value);
    },
    remove(key) {
      fallback.remove(key);
      try {
        real()?.removeItem(key);
      } catch {
        // blocked: nothing stored there
      }
    },
    some(test) {
      return fallback.some(test) || storedKeys().some(test);
    },
    removeWhere(test) {
      fallback.removeWhere(test);
      try {
        for (const key of storedKeys()) if (test(key)) real()?.removeItem(key);
      } catch {
        // blocked: nothing stored there
      }
    },
  };
}

export const localStore: SafeStorage = browserStorage('localStorage');
export const sessionStore: SafeStorage = browserStorage('sessionStorage');
