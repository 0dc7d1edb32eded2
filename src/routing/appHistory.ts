import { createContext } from 'react';
import { NavigationType, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type Navigator, type To } from 'react-router-dom';

/**
 * The browser history the app's router runs on (src/routing/AppRouter.tsx), with the one thing
 * the app took from React Router's data router: holding a move away from a page until the
 * patient answers (useBlocker in src/shell/useLeaveGuard.ts). The data router is ~26 kB brotli of
 * the first download; its declarative mode (a <Router> over a history) is not, and has no
 * blocking, so this adds it the way the data router does it: a move the app makes (a link,
 * navigate()) is held before it happens; Back or Forward has already happened when the browser
 * says so, so it is undone (history.go the other way) and done again if the patient goes on.
 */

interface BlockerArgs {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: NavigationType;
}

export type BlockerFunction = (args: BlockerArgs) => boolean;

/** A move held by a blocker: go on with it, or stay. */
export interface HeldMove {
  nextLocation: Location;
  proceed: () => void;
  reset: () => void;
}

interface RouterState {
  action: NavigationType;
  location: Location;
}

export interface AppHistory {
  /** What React Router's <Router> is given to move with (Link, navigate(), <Navigate>). */
  navigator: Navigator;
  current: () => RouterState;
  /** `sync`: the move asked for `flushSync` (navigate(to, { flushSync: true })): draw it before navigate() returns. */
  listen: (listener: (state: RouterState, sync: boolean) => void) => () => void;
  /** While registered, `shouldBlock` is asked before every move; `onHeld` is told of a held move (undefined once it is let go). */
  block: (shouldBlock: BlockerFunction, onHeld: (held: HeldMove | undefined) => void) => () => void;
}

interface Blocker {
  shouldBlock: BlockerFunction;
  onHeld: (held: HeldMove | undefined) => void;
}

export function createAppHistory(): AppHistory {
  // v5Compat: the listener hears pushes and replaces too, not only Back and Forward (as BrowserRouter uses it).
  const history = createBrowserHistory({ v5Compat: true });
  const listeners = new Set<(state: RouterState, sync: boolean) => void>();
  const blockers = new Set<Blocker>();
  let shown: RouterState = { action: history.action, location: history.location };
  // The pop that undoes a held Back (not a move of the patient's), and the pop that redoes it.
  let undoing = false;
  let redoing = false;
  // Set while a move that asked for flushSync is made (the listener hears it synchronously).
  let syncing = false;

  const locationOf = (to: To, state: unknown): Location => {
    const url = history.createURL(to);
    return { pathname: url.pathname, search: url.search, hash: url.hash, state: state ?? null, key: 'held' };
  };

  const blockerFor = (nextLocation: Location, historyAction: NavigationType): Blocker | undefined =>
    [...blockers].find((blocker) => blocker.shouldBlock({ currentLocation: shown.location, nextLocation, historyAction }));

  const hold = (blocker: Blocker, nextLocation: Location, go: () => void) => {
    blocker.onHeld({
      nextLocation,
      proceed: () => {
        blocker.onHeld(undefined);
        go();
      },
      reset: () => blocker.onHeld(undefined),
    });
  };

  const move = (action: NavigationType, to: To, state: unknown, sync: boolean) => {
    const go = () => {
      syncing = sync;
      try {
        if (action === NavigationType.Push) history.push(to, state);
        else history.replace(to, state);
      } finally {
        syncing = false;
      }
    };
    const nextLocation = locationOf(to, state);
    const blocker = blockerFor(nextLocation, action);
    if (blocker) hold(blocker, nextLocation, go);
    else go();
  };

  history.listen(({ action, location, delta }) => {
    if (action === NavigationType.Pop) {
      if (undoing) {
        undoing = false;
        return;
      }
      const blocker = redoing || delta === null || delta === 0 ? undefined : blockerFor(location, action);
      redoing = false;
      if (blocker && delta !== null) {
        undoing = true;
        history.go(-delta);
        hold(blocker, location, () => {
          redoing = true;
          history.go(delta);
        });
        return;
      }
    }
    shown = { action, location };
    for (const listener of listeners) listener(shown, syncing);
  });

  return {
    navigator: {
      createHref: (to) => history.createHref(to),
      createURL: (to) => history.createURL(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push: (to, state, options) => move(NavigationType.Push, to, state, options?.flushSync === true),
      replace: (to, state, options) => move(NavigationType.Replace, to, state, options?.flushSync === true),
    },
    current: () => shown,
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    block(shouldBlock, onHeld) {
      const blocker = { shouldBlock, onHeld };
      blockers.add(blocker);
      return () => void blockers.delete(blocker);
    },
  };
}

/** The running app's history (AppRouter provides it); absent under any other router, where nothing is held. */
export const AppHistoryContext = createContext<AppHistory | undefined>(undefined);
