import { useSyncExternalStore } from 'react';

/**
 * A flow's state, kept in sessionStorage so it survives a reload in the same tab and dies
 * with the tab. Never localStorage: answers are patient data (docs/architecture.md, "Flow state").
 */
export interface FlowState<T> {
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

/** Where the keys of every flow state that has saved something in this tab are listed (for logout). */
const KEYS_INDEX = 'flow-store-keys';
const live = new Map<string, () => void>();

function rememberKey(key: string): void {
  const store = storage();
  if (!store) return;
  const keys = new Set(JSON.parse(store.getItem(KEYS_INDEX) ?? '[]') as string[]);
  if (keys.has(key)) return;
  keys.add(key);
  store.setItem(KEYS_INDEX, JSON.stringify([...keys]));
}

/**
 * Forgets everything every flow kept of the patient in this tab (logout): each store's saved
 * state, including stores of flows whose code is not loaded, and each live store's memory, so
 * pages on screen see empty state at once.
 */
export function clearAllFlowStates(): void {
  const store = storage();
  const keys = new Set<string>(JSON.parse(store?.getItem(KEYS_INDEX) ?? '[]') as string[]);
  for (const key of live.keys()) keys.add(key);
  for (const key of keys) store?.removeItem(key);
  store?.removeItem(KEYS_INDEX);
  for (const reset of live.values()) reset();
}

export function createFlowState<T extends object>(key: string, initial: () => T): FlowState<T> {
  const listeners = new Set<() => void>();
  let cached: T | undefined;
  live.set(key, () => {
    cached = undefined;
    listeners.forEach((l) => l());
  });

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
    else {
      storage()?.setItem(key, JSON.stringify(next));
      rememberKey(key);
    }
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

export function useFlowState<T extends object>(store: FlowState<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
