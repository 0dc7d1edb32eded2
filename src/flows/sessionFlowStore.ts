import { useSyncExternalStore } from 'react';

/**
 * A flow's state, kept in sessionStorage so it survives a reload in the same tab and dies
 * with the tab. Never localStorage: answers are patient data (docs/architecture.md, "Flow state").
 */
export interface FlowStore<T> {
  get(): T;
  set(update: Partial<T> | ((current: T) => T)): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage disabled: the flow still works, it just won't survive a reload
  }
}

export function createFlowStore<T extends object>(key: string, initial: () => T): FlowStore<T> {
  const listeners = new Set<() => void>();
  let cached: T | undefined;

  const read = (): T => {
    if (cached) return cached;
    const raw = storage()?.getItem(key);
    if (raw) {
      try {
        cached = { ...initial(), ...(JSON.parse(raw) as Partial<T>) };
        return cached;
      } catch {
        storage()?.removeItem(key);
      }
    }
    cached = initial();
    return cached;
  };
  const write = (next: T | undefined) => {
    cached = next;
    if (next === undefined) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(next));
    listeners.forEach((l) => l());
  };

  return {
    get: read,
    set(update) {
      const current = read();
      write(typeof update === 'function' ? update(current) : { ...current, ...update });
    },
    clear() {
      write(undefined);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useFlowStore<T extends object>(store: FlowStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
