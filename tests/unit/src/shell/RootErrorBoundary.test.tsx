// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, useRoutes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RootErrorBoundary } from '../../../../src/shell/RootErrorBoundary';

afterEach(cleanup);

function Broken(): never {
  throw new Error('render failed');
}

function Pages() {
  return (
    <RootErrorBoundary>
      {useRoutes([
        { path: '/', element: <Broken /> },
        { path: '/fine', element: <h1>Fine</h1> },
      ])}
    </RootErrorBoundary>
  );
}

describe('root error boundary', () => {
  it('shows a calm NHS "Something went wrong" page, with no inline style attributes', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = render(
      <MemoryRouter>
        <Pages />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Something went wrong');
    expect(document.title).toBe('Your GP practice - Something went wrong');
    expect(screen.getByTestId('urgent-warning').textContent).toContain('Do not use for urgent queries');
    expect(container.querySelector('[style]')).toBeNull();
    quiet.mockRestore();
  });

  it('draws the app again on a move to another page', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Away() {
      return <Link to="/fine">Away</Link>;
    }
    render(
      <MemoryRouter>
        <Away />
        <Pages />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Something went wrong' });
    fireEvent.click(screen.getByRole('link', { name: 'Away' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Fine');
    quiet.mockRestore();
  });
});
