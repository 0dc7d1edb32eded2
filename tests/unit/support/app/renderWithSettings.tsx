// Renders one screen of the app as it runs: swr with a fresh cache, the service-status and
// error-notification providers, and "Initialising" until the settings have answered (as main.tsx
// does), inside a memory router at `entry`. `fetch` answers the given settings paths and 404s the rest.
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { ErrorNotificationsProvider } from '../../../../src/errors/ErrorNotifications';
import { ServiceOverrideProvider } from '../../../../src/settings/serviceStatus';
import { useSettings } from '../../../../src/settings/useSettings';

/** Stubs `fetch` with JSON answers by path (call `vi.unstubAllGlobals()` after each test). */
export function stubFetch(responses: Record<string, unknown>): void {
  vi.stubGlobal('fetch', async (url: string) =>
    url in responses
      ? new Response(JSON.stringify(responses[url]), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response('{}', { status: 404 }),
  );
}

export function renderWithSettings(Screen: ComponentType, entry: string) {
  function WhenReady() {
    return useSettings().ready ? <Screen /> : <p>Initialising</p>;
  }
  const element = (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ServiceOverrideProvider>
        <ErrorNotificationsProvider>
          <WhenReady />
        </ErrorNotificationsProvider>
      </ServiceOverrideProvider>
    </SWRConfig>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}
