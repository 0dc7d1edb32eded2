// ageOn: one age for the app, the renderer and the server. Calendar dates in, whole years out
// (monthsOn and weeksOn likewise, for the child checklist's age bands).
import { describe, expect, it } from 'vitest';
import { ageOn, calendarDate, monthsOn, weeksOn } from '../../../../renderer/core/index';

describe('ageOn', () => {
  it('counts whole years, going up on the birthday itself', () => {
    expect(ageOn('2000-06-15', '2024-06-14')).toBe(23);
    expect(ageOn('2000-06-15', '2024-06-15')).toBe(24);
    expect(ageOn('2000-06-15', '2024-06-16')).toBe(24);
    expect(ageOn('2000-06-15', '2024-12-31')).toBe(24);
    expect(ageOn('2000-06-15', '2025-01-01')).toBe(24);
  });

  it('is 0 on the day of birth and undefined before it', () => {
    expect(ageOn('2024-03-10', '2024-03-10')).toBe(0);
    expect(ageOn('2024-03-10', '2025-03-09')).toBe(0);
    expect(ageOn('2024-03-10', '2024-03-09')).toBeUndefined();
  });

  it('born on 29 February: the birthday counts on 1 March in a common year, on 29 February in a leap year', () => {
    expect(ageOn('2000-02-29', '2023-02-28')).toBe(22);
    expect(ageOn('2000-02-29', '2023-03-01')).toBe(23);
    expect(ageOn('2000-02-29', '2024-02-28')).toBe(23);
    expect(ageOn('2000-02-29', '2024-02-29')).toBe(24);
    expect(ageOn('2000-02-29', '2024-03-01')).toBe(24);
  });

  it('born on 28 February or 1 March is unaffected by leap years', () => {
    expect(ageOn('2000-02-28', '2023-02-28')).toBe(23);
    expect(ageOn('2000-03-01', '2024-02-29')).toBe(23);
    expect(ageOn('2000-03-01', '2024-03-01')).toBe(24);
  });

  it('refuses anything that is not a real calendar date', () => {
    expect(ageOn('2001-02-29', '2024-01-01')).toBeUndefined();
    expect(ageOn('2000-13-01', '2024-01-01')).toBeUndefined();
    expect(ageOn('15/06/2000', '2024-01-01')).toBeUndefined();
    expect(ageOn('2000-06-15T00:00', '2024-01-01')).toBeUndefined();
    expect(ageOn('2000-06-15', '2024-02-30')).toBeUndefined();
    expect(ageOn('', '2024-01-01')).toBeUndefined();
  });
});

describe('monthsOn', () => {
  it('counts whole months, going up on the day of the month of birth', () => {
    expect(monthsOn('2023-06-15', '2023-06-15')).toBe(0);
    expect(monthsOn('2023-06-15', '2023-07-14')).toBe(0);
    expect(monthsOn('2023-06-15', '2023-07-15')).toBe(1);
    expect(monthsOn('2023-06-15', '2027-01-14')).toBe(42);
    expect(monthsOn('2023-06-15', '2027-01-15')).toBe(43);
  });

  it('in a month without the day of birth, goes up on the 1st of the next (as ageOn on 29 February)', () => {
    expect(monthsOn('2024-01-31', '2024-02-29')).toBe(0);
    expect(monthsOn('2024-01-31', '2024-03-01')).toBe(1);
    expect(monthsOn('2024-01-31', '2024-04-30')).toBe(2);
    expect(monthsOn('2000-02-29', '2001-02-28')).toBe(11);
    expect(monthsOn('2000-02-29', '2001-03-01')).toBe(12);
  });

  it('agrees with ageOn on whole years', () => {
    const births = ['2000-02-29', '2000-03-01', '2010-12-31', '2015-06-15'];
    for (let day = 0; day < 3 * 366; day += 5) {
      const today = new Date(Date.UTC(2024, 0, 1 + day)).toISOString().slice(0, 10);
      for (const b of births) expect(Math.floor(monthsOn(b, today)! / 12)).toBe(ageOn(b, today));
    }
  });

  it('is undefined before the birth or for a date that is not real', () => {
    expect(monthsOn('2024-03-10', '2024-03-09')).toBeUndefined();
    expect(monthsOn('2023-02-29', '2024-03-09')).toBeUndefined();
    expect(monthsOn('2023-01-01', '09/03/2024')).toBeUndefined();
  });
});

describe('weeksOn', () => {
  it('counts whole weeks of 7 days', () => {
    expect(weeksOn('2024-03-10', '2024-03-10')).toBe(0);
    expect(weeksOn('2024-03-10', '2024-03-16')).toBe(0);
    expect(weeksOn('2024-03-10', '2024-03-17')).toBe(1);
    // Across the clocks going forward (31 March 2024) and a leap day: calendar days, no clock.
    expect(weeksOn('2024-02-01', '2024-05-02')).toBe(13);
    expect(weeksOn('2024-02-01', '2024-05-01')).toBe(12);
  });

  it('is undefined before the birth or for a date that is not real', () => {
    expect(weeksOn('2024-03-10', '2024-03-09')).toBeUndefined();
    expect(weeksOn('2024-02-30', '2024-03-09')).toBeUndefined();
  });
});

describe('calendarDate', () => {
  it('gives the local calendar day of an instant', () => {
    expect(calendarDate(new Date(2024, 1, 29, 23, 59))).toBe('2024-02-29');
    expect(calendarDate(new Date(2024, 0, 1, 0, 0))).toBe('2024-01-01');
  });

  it('gives the calendar day in a named time zone, whatever the machine runs in', () => {
    // 23:30 UTC on 14 June is already 15 June in London (BST, UTC+1) ...
    expect(calendarDate(new Date(Date.UTC(2024, 5, 14, 23, 30)), 'Europe/London')).toBe('2024-06-15');
    // ... but still 14 December in winter (GMT).
    expect(calendarDate(new Date(Date.UTC(2024, 11, 14, 23, 30)), 'Europe/London')).toBe('2024-12-14');
    expect(calendarDate(new Date(Date.UTC(2024, 5, 14, 23, 30)), 'UTC')).toBe('2024-06-14');
  });

  it('so a birthday that starts at midnight in London is counted by the server that day', () => {
    const justAfterMidnightBst = new Date(Date.UTC(2024, 5, 14, 23, 30));
    expect(ageOn('2000-06-15', calendarDate(justAfterMidnightBst, 'Europe/London'))).toBe(24);
    expect(ageOn('2000-06-15', calendarDate(justAfterMidnightBst, 'UTC'))).toBe(23);
  });
});
