import { describe, expect, it } from 'vitest';
import type { AvailableAppointmentSession, Slot } from '../../../../../src/api/appointments';
import {
  ASSIGNED_BY_PRACTICE,
  ONE_OF_THE_SELECTED,
  candidatesOf,
  filterButtonText,
  filterOptions,
  filtersInvalid,
  groupByDay,
  locationOptions,
  matchesFilters,
  mergeSessions,
  needsLocationChoice,
  periodOf,
  personLabel,
  shuffled,
  truncateFilterValue,
  withinWindow,
} from '../../../../../src/flows/booking/slots';
import { dateInWords, timeInWords, timeRangeInWords } from '../../../../../src/flows/booking/format';

const at = (date: string, time: string) => new Date(`${date}T${time}:00`).getTime();

function slot(id: string, date: string, startTime: string, extra: Partial<Slot> = {}): Slot {
  return { id, startTime, type: 'GP appointment', date, dateTimeInMilliseconds: at(date, startTime), ...extra };
}

function session(
  site: string,
  date: string,
  holders: Array<[string, string]>,
  slots: Slot[],
  extra: Partial<AvailableAppointmentSession> = {},
): AvailableAppointmentSession {
  return {
    id: `${site}.${date}.${holders.map((h) => h[0]).join('+')}`,
    date,
    siteName: site.toUpperCase(),
    siteIdentifier: site,
    sessionHolders: holders.map(([refID, name]) => ({ refID, name })),
    slots,
    ...extra,
  };
}

const NOW = at('2026-11-23', '13:15');

describe('time of day', () => {
  it.each([
    ['00:00', 'Morning'],
    ['11:59', 'Morning'],
    ['12:00', 'Afternoon'],
    ['16:59', 'Afternoon'],
    ['17:00', 'Evening'],
    ['23:30', 'Evening'],
  ])('%s is %s', (time, period) => {
    expect(periodOf(time)).toBe(period);
  });
});

describe('candidates: past days and slots dropped, virtual by slot type or site', () => {
  const sessions = [
    session('old', '2026-11-22', [['H1', 'Dr A']], [slot('past-day', '2026-11-22', '09:00')]),
    session(
      'main',
      '2026-11-23',
      [['H1', 'Dr A']],
      [slot('earlier-today', '2026-11-23', '09:00'), slot('started', '2026-11-23', '13:15'), slot('later-today', '2026-11-23', '14:00')],
    ),
    session('main', '2026-11-24', [['H1', 'Dr A']], [slot('phone-type', '2026-11-24', '09:00', { virtual: true })]),
    session('phone', '2026-11-24', [['H2', 'Dr B']], [slot('phone-site', '2026-11-24', '09:00')], { virtual: true }),
  ];

  it("an urgent-today result is offered today's slots only, never a later day; any other result every day", () => {
    const all = candidatesOf(sessions, NOW);
    expect(withinWindow(all, 'TODAY', NOW).map((c) => c.slot.id)).toEqual(['later-today']);
    expect(withinWindow(all, 'TODAY', NOW).every((c) => c.date === '2026-11-23')).toBe(true);
    // Late in the day with only tomorrow's slots left: nothing (the screen then offers the send and 111).
    expect(withinWindow(candidatesOf(sessions, at('2026-11-23', '14:30')), 'TODAY', at('2026-11-23', '14:30'))).toEqual([]);
    expect(withinWindow(all, 'ANY', NOW).map((c) => c.slot.id)).toEqual(['later-today', 'phone-type', 'phone-site']);
    expect(withinWindow(all, undefined, NOW)).toHaveLength(3);
  });

  it('keeps only slots that start after now, on today or later', () => {
    expect(candidatesOf(sessions, NOW).map((c) => c.slot.id)).toEqual(['later-today', 'phone-type', 'phone-site']);
  });

  it('marks a slot virtual by its slot type or by its site', () => {
    const virtual = Object.fromEntries(candidatesOf(sessions, NOW).map((c) => [c.slot.id, c.virtual]));
    expect(virtual).toEqual({ 'later-today': false, 'phone-type': true, 'phone-site': true });
  });

  it('leaves out removed (taken) slots', () => {
    expect(candidatesOf(sessions, NOW, new Set(['later-today'])).map((c) => c.slot.id)).toEqual(['phone-type', 'phone-site']);
  });

  it('uses the local date and start time when the slot has no instant', () => {
    const noInstant = session(
      'main',
      '2026-11-23',
      [['H1', 'Dr A']],
      [
        { id: 'x', startTime: '13:00', type: 'GP' },
        { id: 'y', startTime: '13:30', type: 'GP' },
      ],
    );
    expect(candidatesOf([noInstant], NOW).map((c) => c.slot.id)).toEqual(['y']);
  });
});

describe('grouping by date, then Morning / Afternoon / Evening, one button per time', () => {
  const sessions = [
    session('b', '2026-11-25', [['H2', 'Dr B']], [slot('b1', '2026-11-25', '17:30'), slot('b2', '2026-11-25', '09:00')]),
    session('a', '2026-11-25', [['H1', 'Dr A']], [slot('a1', '2026-11-25', '09:00'), slot('a2', '2026-11-25', '12:00')]),
    session('a', '2026-11-24', [['H1', 'Dr A']], [slot('a0', '2026-11-24', '10:00')]),
  ];
  const days = groupByDay(candidatesOf(sessions, NOW));

  it('orders dates and their periods, and drops empty periods', () => {
    expect(days.map((d) => [d.date, d.periods.map((p) => p.period)])).toEqual([
      ['2026-11-24', ['Morning']],
      ['2026-11-25', ['Morning', 'Afternoon', 'Evening']],
    ]);
  });

  it('merges slots at the same time into one time with every candidate', () => {
    const nine = days[1]?.periods[0]?.times[0];
    expect(nine?.startTime).toBe('09:00');
    expect(nine?.candidates.map((c) => c.slot.id).sort()).toEqual(['a1', 'b2']);
  });
});

describe('filters', () => {
  const sessions = [
    session('main', '2026-11-24', [['H1', 'Dr A']], [slot('m1', '2026-11-24', '09:00')]),
    session(
      'branch',
      '2026-11-24',
      [
        ['H2', 'Dr B'],
        ['H3', 'Nurse C'],
      ],
      [slot('b1', '2026-11-24', '09:00')],
    ),
  ];
  const all = candidatesOf(sessions, NOW);

  it('offers each site and person once', () => {
    expect(filterOptions(all)).toEqual({
      sites: [
        { value: 'main', label: 'MAIN' },
        { value: 'branch', label: 'BRANCH' },
      ],
      holders: [
        { value: 'H1', label: 'Dr A' },
        { value: 'H2', label: 'Dr B' },
        { value: 'H3', label: 'Nurse C' },
      ],
    });
  });

  it('keeps a slot when its site and one of its people are chosen (empty = all)', () => {
    expect(all.filter((c) => matchesFilters(c, { sites: ['branch'], holders: [] })).map((c) => c.slot.id)).toEqual(['b1']);
    expect(all.filter((c) => matchesFilters(c, { sites: [], holders: ['H3'] })).map((c) => c.slot.id)).toEqual(['b1']);
    expect(all.filter((c) => matchesFilters(c, { sites: ['main'], holders: ['H3'] }))).toEqual([]);
  });

  it('are invalid when they name what is no longer offered or leave no time', () => {
    expect(filtersInvalid({ sites: [], holders: [] }, all)).toBe(false);
    expect(filtersInvalid({ sites: ['main'], holders: [] }, all)).toBe(false);
    expect(filtersInvalid({ sites: ['gone'], holders: [] }, all)).toBe(true);
    expect(filtersInvalid({ sites: ['main'], holders: ['H3'] }, all)).toBe(true);
    // After the only slot at "main" is taken, a filter on it is invalid.
    expect(filtersInvalid({ sites: ['main'], holders: [] }, candidatesOf(sessions, NOW, new Set(['m1'])))).toBe(true);
  });
});

describe('filter button truncation (30 characters at 440 px or less)', () => {
  const long = 'Dr Alexandra Montgomery-Fitzwilliam';
  it('cuts a long single value only on a narrow screen', () => {
    expect(truncateFilterValue(long, true)).toBe('Dr Alexandra Montgomery-Fitzwi…');
    expect(truncateFilterValue(long, false)).toBe(long);
    expect(truncateFilterValue('x'.repeat(30), true)).toBe('x'.repeat(30));
  });
  it('names the filter with All, the single value, or a count', () => {
    expect(filterButtonText('Person', [], true)).toBe('Person: All');
    expect(filterButtonText('Person', [{ value: 'H4', label: long }], true)).toBe('Person: Dr Alexandra Montgomery-Fitzwi…');
    expect(filterButtonText('Person', [{ value: 'H4', label: long }], false)).toBe(`Person: ${long}`);
    expect(
      filterButtonText(
        'Person',
        [
          { value: 'a', label: long },
          { value: 'b', label: 'B' },
        ],
        true,
      ),
    ).toBe('Person: 2 selected');
  });
});

describe('location options and the confirm modal person label', () => {
  const sessions = [
    session('main', '2026-11-24', [['H1', 'Dr A']], [slot('m', '2026-11-24', '09:00')]),
    session('branch', '2026-11-24', [['H2', 'Dr B']], [slot('b', '2026-11-24', '09:00')]),
    session('phone', '2026-11-24', [['H3', 'Dr C']], [slot('p', '2026-11-24', '09:00')], { virtual: true }),
  ];
  const all = candidatesOf(sessions, NOW);

  it('offers each in-person site, then the virtual option under its label', () => {
    const options = locationOptions(all, 'Telephone call');
    expect(options.map((o) => [o.label, o.candidates.map((c) => c.slot.id)])).toEqual([
      ['MAIN', ['m']],
      ['BRANCH', ['b']],
      ['Telephone call', ['p']],
    ]);
    expect(needsLocationChoice(options)).toBe(true);
  });

  it('needs the options modal only when there is a choice: not for one site in person, nor for the virtual option alone', () => {
    expect(needsLocationChoice(locationOptions(all.slice(0, 1), 'Telephone call'))).toBe(false);
    expect(needsLocationChoice(locationOptions(all.slice(2), 'Telephone call'))).toBe(false);
    expect(needsLocationChoice(locationOptions([all[0]!, all[2]!], 'Telephone call'))).toBe(true);
  });

  it('says "One of the selected" when more than 2 are selected, "Assigned by practice" when more than 2 exist, else names', () => {
    expect(personLabel(all, ['H1', 'H2', 'H3'])).toBe(ONE_OF_THE_SELECTED);
    expect(personLabel(all, [])).toBe(ASSIGNED_BY_PRACTICE);
    expect(personLabel(all, ['H1', 'H2'])).toBe('Dr A or Dr B');
    expect(personLabel(all.slice(0, 1), [])).toBe('Dr A');
  });
});

describe('candidate order and chunks', () => {
  it('shuffles with the given random source, keeping every item once', () => {
    const items = [1, 2, 3, 4, 5];
    const zero = shuffled(items, () => 0);
    expect(zero).toEqual([2, 3, 4, 5, 1]);
    expect([...shuffled(items)].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5]);
  });

  it('produces different orders over many draws', () => {
    const orders = new Set(Array.from({ length: 50 }, () => shuffled([1, 2, 3, 4]).join('')));
    expect(orders.size).toBeGreaterThan(5);
  });

  it('adds a chunk without repeating a session already loaded', () => {
    const a = session('main', '2026-11-24', [['H1', 'Dr A']], [slot('m', '2026-11-24', '09:00')]);
    const b = session('main', '2026-11-25', [['H1', 'Dr A']], [slot('n', '2026-11-25', '09:00')]);
    expect(mergeSessions([a], [a, b]).map((s) => s.id)).toEqual([a.id, b.id]);
  });
});

describe('dates and times in words', () => {
  it('formats as the NHS style guide does', () => {
    expect(dateInWords('2026-11-26')).toBe('Thursday 26 November 2026');
    expect(timeInWords('08:30')).toBe('8:30am');
    expect(timeInWords('14:00')).toBe('2pm');
    expect(timeInWords('12:15')).toBe('12:15pm');
    expect(timeInWords('00:05')).toBe('12:05am');
    expect(timeRangeInWords('08:30', '08:45')).toBe('8:30am to 8:45am');
  });
});
