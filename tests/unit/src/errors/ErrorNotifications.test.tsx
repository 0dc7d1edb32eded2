// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/api/client';
import { ErrorNotificationsProvider, NotificationList, useApiCall } from '../../../../src/errors/ErrorNotifications';
import { ServiceOverrideProvider, useServiceOverride } from '../../../../src/settings/serviceStatus';

afterEach(cleanup);

function Caller({ error, flow, handleErrors }: { error: unknown; flow?: 'medical' | 'admin'; handleErrors?: boolean | 'answers' }) {
  const call = useApiCall();
  const location = useLocation();
  const { off } = useServiceOverride();
  return (
    <>
      <button type="button" onClick={() => void call(() => Promise.reject(error), { flow, handleErrors }).catch(() => undefined)}>
        Call
      </button>
      <p data-testid="where">{location.pathname + location.search}</p>
      <p data-testid="off">{`${off.medical}/${off.admin}`}</p>
    </>
  );
}

function setup(props: { error: unknown; flow?: 'medical' | 'admin'; handleErrors?: boolean | 'answers' }) {
  const element = (
    <ServiceOverrideProvider>
      <ErrorNotificationsProvider>
        <NotificationList />
        <Caller {...props} />
      </ErrorNotificationsProvider>
    </ServiceOverrideProvider>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/triage/questionnaire'] });
  render(<RouterProvider router={router} />);
}

describe('error notifications', () => {
  it('shows a persistent popup in an alert region until it is dismissed', async () => {
    setup({ error: new ApiError(422, 'x', { message: 'Bad date' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('An error has occurred');
    expect(alert.textContent).toContain('Bad date');
    expect(screen.getByTestId('where').textContent).toBe('/triage/questionnaire');
    await userEvent.click(screen.getByRole('button', { name: /Dismiss/ }));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('412 out of hours during a medical flow: service off, and the service-closed screen says it (no second popup with the same words above it)', async () => {
    setup({ error: new ApiError(412, 'x', { message: 'Outside normal operating hours' }), flow: 'medical' });
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/triage/service-closed'));
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.getByTestId('off').textContent).toBe('true/false');
  });

  it('401 goes to the error signpost with the unauthorised eid', async () => {
    setup({ error: new ApiError(401, 'Unauthorized', undefined) });
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/error?eid=unauthorised'));
    expect(screen.getByRole('alert').textContent).toContain('Action requires authentication');
  });

  it('a call can opt out: no popup, no navigation', async () => {
    setup({ error: new ApiError(401, 'Unauthorized', undefined), handleErrors: false });
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.getByTestId('where').textContent).toBe('/triage/questionnaire');
  });

  it("handleErrors 'answers': the practice API's answers get the popup, a lost connection is left to the caller", async () => {
    setup({ error: new TypeError('Failed to fetch'), handleErrors: 'answers' });
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect(screen.getByRole('alert').textContent).toBe('');
    cleanup();
    setup({ error: new ApiError(400, 'body/patient/firstName must be string', { message: 'body/patient/firstName must be string' }), handleErrors: 'answers' });
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect(screen.getByRole('alert').textContent).toContain('body/patient/firstName must be string');
  });
});
