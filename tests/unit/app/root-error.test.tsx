// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RootErrorPage from '../../../src/pages/RootErrorPage';

afterEach(cleanup);

function Broken(): never {
  throw new Error('render failed');
}

describe('root error boundary', () => {
  it('shows a calm NHS "Something went wrong" page, with no inline style attributes', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RootErrorPage /> }]);
    const { container } = render(<RouterProvider router={router} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Something went wrong');
    expect(document.title).toBe('Your GP practice - Something went wrong');
    expect(screen.getByTestId('urgent-warning').textContent).toContain('Do not use for urgent queries');
    expect(container.querySelector('[style]')).toBeNull();
    quiet.mockRestore();
  });
});
