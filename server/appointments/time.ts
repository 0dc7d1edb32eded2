/**
 * The practice's clock: diaries are in Europe/London local time (GMT in winter, BST in summer),
 * while slots are compared and stored by their instant (epoch milliseconds).
 */
const PRACTICE_TIME_ZONE = 'Europe/London';

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: PRACTICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export interface LocalDateTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  time: string;
}

/** The London wall-clock date and time of an instant. */
export function toLocal(ms: number): LocalDateTime {
  const p: Record<string, string> = {};
  for (const part of PARTS.formatToParts(new Date(ms))) p[part.type] = part.value;
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

function wallClockAsUtc(date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, hh, mm);
}

/** The instant of a London wall-clock date and time (a time skipped by the spring change moves forward an hour). */
export function fromLocal(date: string, time: string): number {
  const guess = wallClockAsUtc(date, time);
  // London is UTC+0 or UTC+1: try both offsets and keep the one that reads back as asked.
  for (const offsetHours of [0, 1]) {
    const ms = guess - offsetHours * 3_600_000;
    const back = toLocal(ms);
    if (back.date === date && back.time === time) return ms;
  }
  return guess - 3_600_000;
}

/** YYYY-MM-DD plus n days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, n: number): string {
  const ms = wallClockAsUtc(date, '12:00') + n * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** Day of the week, Monday 0 to Sunday 6. */
export function weekday(date: string): number {
  return (new Date(wallClockAsUtc(date, '12:00')).getUTCDay() + 6) % 7;
}

/** "HH:mm" plus minutes. */
export function addMinutes(time: string, minutes: number): string {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const total = hh * 60 + mm + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
