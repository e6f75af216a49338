import { useSyncExternalStore } from 'react';

/** A tiny observable value, for state that many components read but few write (run frames, problems). */
export class ValueStore<T> {
  private listeners = new Set<() => void>();
  constructor(private value: T) {}

  get = (): T => this.value;

  set(next: T): void {
    if (Object.is(next, this.value)) return;
    this.value = next;
    for (const l of this.listeners) l();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export function useValue<T>(store: ValueStore<T>): T;
export function useValue<T, S>(store: ValueStore<T>, select: (value: T) => S): S;
export function useValue<T, S>(store: ValueStore<T>, select?: (value: T) => S): T | S {
  const read = () => (select ? select(store.get()) : store.get());
  return useSyncExternalStore(store.subscribe, read, read);
}
