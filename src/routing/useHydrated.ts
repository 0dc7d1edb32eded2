import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the server draws the page and while the browser hydrates that HTML (React renders
 * hydration with the server's snapshot), true from the render after: a component that must draw
 * what the server drew first (so hydration matches) and only then act on what the browser knows
 * (sessionStorage) reads this. In a page the browser draws itself (no server HTML) it is true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
