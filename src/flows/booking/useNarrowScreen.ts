import { useSyncExternalStore } from 'react';
import { NARROW_MAX_WIDTH } from './slots';

const QUERY = `(max-width: ${NARROW_MAX_WIDTH}px)`;

function subscribe(listener: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

function snapshot(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

/** True while the viewport is 440 px wide or less (filter buttons then truncate a long value). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
