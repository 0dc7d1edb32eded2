// @vitest-environment jsdom
// The app's own router holds a move away from a page while the page says so (the questionnaire's
// "Discard questionnaire" dialog): a link or navigate() before it happens, the browser's Back
// after it has (undone, then done again if the patient goes on). React Router's data router did
// this with useBlocker; the app runs its declarative mode, which has no blocking of its own.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRouter } from '../../../../src/routing/AppRouter';
import { useBlocker } from '../../../../src/shell/useLeaveGuard';

afterEach(cleanup);
beforeEach(() => window.history.replaceState(null, '', '/'));

function Questions() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
  return (
    <>
      <h1>Questions</h1>
      <Link to="/other">Leave</Link>
      <Link to="/questions?page=2">Next page</Link>
      {blocker.state === 'blocked' ? (
        <div role="dialog" aria-label="Discard questionnaire">
          <p>Going to {blocker.location.pathname}</p>
          <button onClick={blocker.proceed}>Yes</button>
          <button onClick={blocker.reset}>No</button>
        </div>
      ) : null}
    </>
  );
}

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function Pages() {
  return (
    <>
      <Where />
      {useRoutes([
        { path: '/', element: <Link to="/questions">Start</Link> },
        { path: '/questions', element: <Questions /> },
        { path: '/other', element: <h1>Other</h1> },
      ])}
    </>
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('useBlocker on the app router', () => {
  it('holds a link out of the page: No stays, Yes goes; a move within the page is never held', async () => {
    render(
      <AppRouter>
        <Pages />
      </AppRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Start' }));
    await screen.findByRole('heading', { name: 'Questions' });
    fireEvent.click(screen.getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(where()).toBe('/questions?page=2'));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard questionnaire' });
    expect(dialog.textContent).toContain('Going to /other');
    expect(where()).toBe('/questions?page=2');
    expect(window.location.pathname).toBe('/questions');
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/questions');

    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await screen.findByRole('heading', { name: 'Other' });
    expect(window.location.pathname).toBe('/other');
  });

  it("holds the browser's Back: the page stays (and the address with it) until Yes, then Back happens", async () => {
    render(
      <AppRouter>
        <Pages />
      </AppRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Start' }));
    await screen.findByRole('heading', { name: 'Questions' });
    act(() => window.history.back());
    await screen.findByRole('dialog', { name: 'Discard questionnaire' });
    // Undone: the address is the questions' again, and the page never left them.
    await waitFor(() => expect(window.location.pathname).toBe('/questions'));
    expect(where()).toBe('/questions');
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() => window.history.back());
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await screen.findByRole('link', { name: 'Start' });
    expect(window.location.pathname).toBe('/');
    expect(where()).toBe('/');
  });

  it('draws a move that asks for flushSync before navigate() returns (leaving a flow clears its answers after)', async () => {
    const seen: (string | null | undefined)[] = [];
    function Leave() {
      const navigate = useNavigate();
      return (
        <button
          onClick={() => {
            void navigate('/other', { flushSync: true });
            seen.push(document.querySelector('h1')?.textContent);
          }}
        >
          Cancel
        </button>
      );
    }
    render(
      <AppRouter>
        <Leave />
        <Pages />
      </AppRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(seen).toEqual(['Other']);
  });

  it('holds nothing under another router (a unit test of a screen)', async () => {
    render(
      <MemoryRouter initialEntries={['/questions']}>
        <Pages />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'Other' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
