import { describe, expect, it } from 'vitest';
import { hashRouteTarget } from '../../../../src/routing/routeTable';
import { safeNextPath } from '../../../../src/routing/safeNext';
import { signOutUrl } from '../../../../src/api/login';
import { parseEntryParams } from '../../../../src/session/entryParams';

describe('hash routes', () => {
  it('turns a hash route into a path and ignores other hashes', () => {
    expect(hashRouteTarget('#/triage')).toBe('/triage');
    expect(hashRouteTarget('#/error?mid=X')).toBe('/error?mid=X');
    expect(hashRouteTarget('#maincontent')).toBeNull();
    expect(hashRouteTarget('')).toBeNull();
    expect(hashRouteTarget('#//evil.example/')).toBeNull();
  });
});

describe('the emergency symptoms next page', () => {
  it('allows same-origin relative paths only', () => {
    expect(safeNextPath('/triage')).toBe('/triage');
    expect(safeNextPath('/admin-request?x=1')).toBe('/admin-request?x=1');
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath('')).toBe('/');
    expect(safeNextPath('https://evil.example/')).toBe('/');
    expect(safeNextPath('//evil.example/')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('javascript:alert(1)')).toBe('/');
    expect(safeNextPath('triage')).toBe('/');
  });
});

describe('sign-out address', () => {
  it('carries targetPath and the optional tenantId', () => {
    expect(signOutUrl('/triage?x=1')).toBe('/signout?targetPath=%2Ftriage%3Fx%3D1');
    expect(signOutUrl('/', 'riverside')).toBe('/signout?targetPath=%2F&tenantId=riverside');
  });
});

describe('home query parameters', () => {
  it('reads type, channel and a known appointmentType, defaulting to routine', () => {
    expect(parseEntryParams('?type=sms&channel=web&appointmentType=Same_day_appointment')).toEqual({
      type: 'sms',
      channel: 'web',
      appointmentType: 'Same_day_appointment',
    });
    expect(parseEntryParams('')).toEqual({ appointmentType: 'routine' });
    expect(parseEntryParams('?appointmentType=bogus')).toEqual({ appointmentType: 'routine' });
    expect(parseEntryParams('?type=<script>')).toEqual({ appointmentType: 'routine' });
  });

  it('keeps earlier session values when the query does not repeat them', () => {
    expect(parseEntryParams('?channel=app', { type: 'sms', appointmentType: 'Next_day_appointment' })).toEqual({
      type: 'sms',
      channel: 'app',
      appointmentType: 'Next_day_appointment',
    });
  });
});

describe('stored home query parameters', () => {
  it('drops stored values that are not valid', () => {
    expect(parseEntryParams('', { type: '<b>', channel: 'web', appointmentType: 'bogus' as never })).toEqual({ channel: 'web', appointmentType: 'routine' });
  });
});
