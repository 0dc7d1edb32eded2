// The one "is this service open?" rule (common/serviceOpen.ts): every card, route and the server's
// 412 ask it, so a child request closes with the medical service as an adult's does.
import { describe, expect, it } from 'vitest';
import { reopeningInWords, reopeningSentence, serviceOpen, serviceOf, type RequestKind } from '../../../common';

type State = Parameters<typeof serviceOpen>[1]['state'];
const open = { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' } as const;
const NOW = new Date('2026-11-28T20:00:00Z');

function state(medical: Partial<NonNullable<State>['medical']>, admin: Partial<NonNullable<State>['admin']> = {}): State {
  return { medical: { ...open, ...medical }, admin: { ...open, ...admin } };
}

describe('serviceOpen', () => {
  it('adult, child and eligibility follow the medical service; admin its own', () => {
    expect((['adult', 'child', 'eligibility', 'admin'] as RequestKind[]).map(serviceOf)).toEqual(['medical', 'medical', 'medical', 'admin']);
    const outOfHours = state({ practiceCalendar: 'OUT_OF_HOURS' });
    for (const kind of ['adult', 'child', 'eligibility'] as const)
      expect(serviceOpen(kind, { state: outOfHours, now: NOW })).toEqual({ open: false, why: 'out-of-hours' });
    expect(serviceOpen('admin', { state: outOfHours, now: NOW })).toEqual({ open: true });
    const off = state({ operationalStatus: 'SERVICE_OFF' });
    expect(serviceOpen('child', { state: off, now: NOW })).toEqual({ open: false, why: 'switched-off' });
    expect(serviceOpen('admin', { state: state({}, { operationalStatus: 'SERVICE_OFF' }), now: NOW })).toEqual({ open: false, why: 'switched-off' });
    expect(serviceOpen('child', { state: state({}), now: NOW })).toEqual({ open: true });
  });

  it('a 412 met in this tab closes the service it came from', () => {
    expect(serviceOpen('child', { state: state({}), closedMidFlow: { medical: true }, now: NOW })).toEqual({ open: false, why: 'closed-mid-flow' });
    expect(serviceOpen('admin', { state: state({}), closedMidFlow: { medical: true }, now: NOW })).toEqual({ open: true });
  });

  it('gives the reopening time only while closed and still ahead', () => {
    const ahead = state({ practiceCalendar: 'OUT_OF_HOURS', reopensAt: '2026-11-30T08:00:00Z' });
    expect(serviceOpen('child', { state: ahead, now: NOW })).toEqual({ open: false, why: 'out-of-hours', reopensAt: '2026-11-30T08:00:00Z' });
    expect(serviceOpen('child', { state: state({ practiceCalendar: 'OUT_OF_HOURS', reopensAt: '2026-11-28T08:00:00Z' }), now: NOW })).toEqual({
      open: false,
      why: 'out-of-hours',
    });
    expect(serviceOpen('adult', { state: state({ reopensAt: '2026-11-30T08:00:00Z' }), now: NOW })).toEqual({ open: true });
  });

  it('says the reopening time in UK time, and something without one when out of hours', () => {
    expect(reopeningInWords('2026-11-30T08:00:00Z')).toBe('8am on Monday 30 November');
    // British Summer Time: 12:30 UTC is 1:30pm in the practice.
    expect(reopeningInWords('2026-07-01T12:30:00Z')).toBe('1:30pm on Wednesday 1 July');
    expect(reopeningInWords('not a date')).toBeUndefined();
    expect(reopeningSentence({ open: false, why: 'out-of-hours', reopensAt: '2026-11-30T08:00:00Z' })).toBe(
      'Online requests open again at 8am on Monday 30 November.',
    );
    expect(reopeningSentence({ open: false, why: 'out-of-hours' })).toBe('Online requests open again when the practice next opens.');
    expect(reopeningSentence({ open: false, why: 'switched-off' })).toBeUndefined();
    expect(reopeningSentence({ open: true })).toBeUndefined();
  });
});
