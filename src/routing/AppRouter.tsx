import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Router } from 'react-router-dom';
import { AppHistoryContext, createAppHistory, type AppHistory } from './appHistory';

/**
 * The browser's router: React Router's declarative <Router> over the app's own history
 * (src/routing/appHistory.ts), as BrowserRouter is, plus held moves for useBlocker. Moves are
 * drawn in a transition, as React Router's own routers do, so a screen still downloading keeps
 * the page on screen instead of a spinner; a move that asks for flushSync is drawn before
 * navigate() returns (leaving a flow clears its answers only once the next page is drawn:
 * src/flows/leaveFlow.ts).
 */
export function AppRouter({ children, history: given }: { children: ReactNode; history?: AppHistory }) {
  const [history] = useState(() => given ?? createAppHistory());
  const [state, setState] = useState(history.current);
  useLayoutEffect(() => history.listen((next, sync) => (sync ? flushSync(() => setState(next)) : startTransition(() => setState(next)))), [history]);
  return (
    <AppHistoryContext.Provider value={history}>
      <Router location={state.location} navigationType={state.action} navigator={history.navigator}>
        {children}
      </Router>
    </AppHistoryContext.Provider>
  );
}
