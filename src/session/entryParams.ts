/**
 * Home query parameters (README "The patient app"): type, channel and appointmentType, read on the
 * home page and kept for the session in sessionStorage (never localStorage).
 */
const APPOINTMENT_TYPES = ['routine', 'Duty_doctor_callback', 'Same_day_appointment', 'Next_day_appointment', 'Emergency_indication'] as const;
type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

export interface EntryParams {
  type?: string;
  channel?: string;
  appointmentType: AppointmentType;
}

const STORAGE_KEY = 'gp.entryParams';
/** type and channel values are not listed by the product: accept plain tokens only. */
const TOKEN = /^[A-Za-z0-9_-]{1,40}$/;

const isAppointmentType = (value: unknown): value is AppointmentType => (APPOINTMENT_TYPES as readonly unknown[]).includes(value);
const isToken = (value: unknown): value is string => typeof value === 'string' && TOKEN.test(value);

export function parseEntryParams(search: string, previous?: Partial<EntryParams>): EntryParams {
  const query = new URLSearchParams(search);
  const token = (name: 'type' | 'channel') => {
    const value = query.get(name);
    if (isToken(value)) return value;
    return isToken(previous?.[name]) ? previous[name] : undefined;
  };
  const requested = query.get('appointmentType');
  const appointmentType = isAppointmentType(requested) ? requested : isAppointmentType(previous?.appointmentType) ? previous.appointmentType : 'routine';
  const result: EntryParams = { appointmentType };
  const type = token('type');
  const channel = token('channel');
  if (type !== undefined) result.type = type;
  if (channel !== undefined) result.channel = channel;
  return result;
}

export function readEntryParams(): EntryParams {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    if (stored) return parseEntryParams('', JSON.parse(stored) as Partial<EntryParams>);
  } catch {
    // Storage unavailable or corrupt: fall back to the default.
  }
  return { appointmentType: 'routine' };
}

/** Reads the home page's query parameters over what the session already holds, and keeps them. */
export function rememberEntryParams(search: string): EntryParams {
  const params = parseEntryParams(search, readEntryParams());
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(params));
  } catch {
    // Private mode without storage: the values still apply to this page.
  }
  return params;
}
