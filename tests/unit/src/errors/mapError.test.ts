import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/api/client';
import { HANDLED_STATUSES, mapApiError } from '../../../../src/errors/mapError';

const GENERIC = 'Please refresh the page. If this does not work, please check your internet connection and re-try.';
const body = (statusCode: number, message: string) => ({ statusCode, error: 'x', message });

describe('API error mapping', () => {
  it.each(HANDLED_STATUSES.filter((s) => s !== 401))('status %i: default title with the response message, no navigation', (status) => {
    const mapped = mapApiError(new ApiError(status, 'statusText', body(status, `Problem ${status}`)));
    expect(mapped).toEqual({ title: 'An error has occurred', message: `Problem ${status}`, action: { type: 'none' } });
  });

  it('lists exactly the statuses the error system handles', () => {
    expect([...HANDLED_STATUSES].sort((a, b) => a - b)).toEqual([400, 401, 403, 404, 406, 409, 412, 422, 500, 504]);
  });

  it('uses a plain-text body as the message when there is no JSON message', () => {
    expect(mapApiError(new ApiError(409, 'Conflict', 'Already booked')).message).toBe('Already booked');
  });

  it('401: authentication title, default message, navigation to the error signpost with eid', () => {
    expect(mapApiError(new ApiError(401, 'Unauthorized', undefined))).toEqual({
      title: 'Action requires authentication',
      message: 'Unauthorised access',
      action: { type: 'navigate', to: '/error?eid=unauthorised' },
    });
    expect(mapApiError(new ApiError(401, 'Unauthorized', body(401, 'Session ended'))).message).toBe('Session ended');
  });

  it('412 "Outside normal operating hours" during a flow: service off, service-closed screen', () => {
    const error = new ApiError(412, 'Precondition Failed', body(412, 'Outside normal operating hours'));
    for (const flow of ['medical', 'admin'] as const) {
      expect(mapApiError(error, { flow })).toEqual({
        title: 'Service unavailable',
        message: 'We are sorry, the service is now closed and we can’t complete your request.',
        action: { type: 'serviceOff', service: flow, to: '/triage/service-closed' },
      });
    }
  });

  it('412 outside a flow, or with another message, is an ordinary error', () => {
    const outOfHours = new ApiError(412, 'Precondition Failed', body(412, 'Outside normal operating hours'));
    expect(mapApiError(outOfHours)).toEqual({ title: 'An error has occurred', message: 'Outside normal operating hours', action: { type: 'none' } });
    const other = new ApiError(412, 'Precondition Failed', body(412, 'Version mismatch'));
    expect(mapApiError(other, { flow: 'medical' }).action).toEqual({ type: 'none' });
  });

  it('network failure (fetch TypeError) gives the generic message', () => {
    expect(mapApiError(new TypeError('Failed to fetch'))).toEqual({ title: 'An error has occurred', message: GENERIC, action: { type: 'none' } });
  });

  it('ERR_CONNECTION_CLOSED gives the generic message, whether thrown or in the response', () => {
    expect(mapApiError(new Error('net::ERR_CONNECTION_CLOSED')).message).toBe(GENERIC);
    expect(mapApiError(new ApiError(500, 'x', body(500, 'net::ERR_CONNECTION_CLOSED'))).message).toBe(GENERIC);
  });

  it('a status the error system does not handle gives the generic message', () => {
    expect(mapApiError(new ApiError(502, 'Bad Gateway', body(502, 'upstream')))).toEqual({
      title: 'An error has occurred',
      message: GENERIC,
      action: { type: 'none' },
    });
  });
});
