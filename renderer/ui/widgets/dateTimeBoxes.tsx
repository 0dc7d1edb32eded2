// The day / month / year and hour / minute (/ am-pm) boxes of the date, time and date-time
// widgets, and how a 12-hour entry is stored.
import { digitsOnly, joinTime, splitTime, type DateParts, type DatePart, type TimeParts } from '../dateParts';
import type { RendererStrings } from '../strings';

interface BoxProps {
  id: string;
  label: string;
  value: string;
  max: number;
  width: 2 | 4;
  error: boolean;
  disabled: boolean;
  autoComplete?: string;
  describedByIds: string | undefined;
  onChange: (text: string) => void;
}

function DigitBox({ id, label, value, max, width, error, disabled, autoComplete, describedByIds, onChange }: BoxProps) {
  return (
    <div className="nhsuk-date-input__item">
      <div className="nhsuk-form-group">
        <label className="nhsuk-label nhsuk-date-input__label" htmlFor={id}>
          {label}
        </label>
        <input
          className={`nhsuk-input nhsuk-date-input__input nhsuk-input--width-${width}${error ? ' nhsuk-input--error' : ''}`}
          id={id}
          name={id}
          type="text"
          inputMode="numeric"
          maxLength={max}
          autoComplete={autoComplete}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          onChange={(e) => onChange(digitsOnly(e.target.value, max))}
        />
      </div>
    </div>
  );
}

export function DateBoxes({
  id,
  parts,
  error,
  wrongParts,
  disabled,
  describedByIds,
  autoComplete,
  onChange,
  strings,
}: {
  id: string;
  parts: DateParts;
  error: boolean;
  /** With an error, the boxes to mark (default all three). */
  wrongParts?: DatePart[];
  disabled: boolean;
  describedByIds: string | undefined;
  autoComplete: string | undefined;
  onChange: (parts: DateParts) => void;
  strings: RendererStrings;
}) {
  const bday = autoComplete === 'bday';
  const marked = (part: DatePart) => error && (wrongParts === undefined || wrongParts.length === 0 || wrongParts.includes(part));
  return (
    <div className="nhsuk-date-input" id={`${id}-date`}>
      <DigitBox
        id={id}
        label={strings.day}
        value={parts.day}
        max={2}
        width={2}
        error={marked('day')}
        disabled={disabled}
        describedByIds={describedByIds}
        autoComplete={bday ? 'bday-day' : undefined}
        onChange={(day) => onChange({ ...parts, day })}
      />
      <DigitBox
        id={`${id}-month`}
        label={strings.month}
        value={parts.month}
        max={2}
        width={2}
        error={marked('month')}
        disabled={disabled}
        describedByIds={describedByIds}
        autoComplete={bday ? 'bday-month' : undefined}
        onChange={(month) => onChange({ ...parts, month })}
      />
      <DigitBox
        id={`${id}-year`}
        label={strings.year}
        value={parts.year}
        max={4}
        width={4}
        error={marked('year')}
        disabled={disabled}
        describedByIds={describedByIds}
        autoComplete={bday ? 'bday-year' : undefined}
        onChange={(year) => onChange({ ...parts, year })}
      />
    </div>
  );
}

export interface TimeDraft extends TimeParts {
  period: '' | 'am' | 'pm';
}

export function splitTimeDraft(value: unknown, hour12: boolean): TimeDraft {
  if (!hour12) return { ...splitTime(value), period: '' };
  // A complete 12-hour answer is stored as "hh:mm am|pm" (time fields) …
  const twelve = typeof value === 'string' ? /^(\d{1,2}):(\d{1,2}) (am|pm)$/.exec(value) : null;
  if (twelve) return { hour: String(Number(twelve[1])), minute: twelve[2]!, period: twelve[3] as 'am' | 'pm' };
  // … or, inside a date-time, as a 24-hour "HH:mm": show it back in 12 hours.
  const parts = splitTime(value);
  const h = Number(parts.hour);
  if (/^\d{1,2}$/.test(parts.hour) && /^\d{2}$/.test(parts.minute) && h <= 23) {
    if (h === 0) return { hour: '12', minute: parts.minute, period: 'am' };
    if (h < 12) return { hour: String(h), minute: parts.minute, period: 'am' };
    if (h === 12) return { hour: '12', minute: parts.minute, period: 'pm' };
    return { hour: String(h - 12), minute: parts.minute, period: 'pm' };
  }
  return { ...parts, period: '' };
}

/**
 * The stored value of the time boxes. 24-hour: "HH:mm" as typed. 12-hour: a valid entry with
 * am/pm becomes "hh:mm am|pm" for a time field (core checks 12-hour answers in that form) or
 * the 24-hour "HH:mm" inside a date-time; anything else (hour above 12, no am/pm, partial) is
 * stored as typed so validation gives the messages of the validation table of renderer/README.md.
 */
export function joinTimeDraft(draft: TimeDraft, hour12: boolean, as: 'time' | 'datetime' = 'time'): string | undefined {
  const raw = joinTime(draft);
  if (!hour12 || raw === undefined) return raw;
  const h = Number(draft.hour);
  if (draft.period && /^\d{1,2}$/.test(draft.hour) && h >= 1 && h <= 12 && /^\d{1,2}$/.test(draft.minute)) {
    if (as === 'time') return `${String(h).padStart(2, '0')}:${draft.minute.padStart(2, '0')} ${draft.period}`;
    const h24 = draft.period === 'am' ? h % 12 : (h % 12) + 12;
    return `${String(h24).padStart(2, '0')}:${draft.minute.padStart(2, '0')}`;
  }
  return raw;
}

export function TimeBoxes({
  id,
  draft,
  hour12,
  error,
  disabled,
  describedByIds,
  onChange,
  strings,
}: {
  id: string;
  draft: TimeDraft;
  hour12: boolean;
  error: boolean;
  disabled: boolean;
  describedByIds: string | undefined;
  onChange: (draft: TimeDraft) => void;
  strings: RendererStrings;
}) {
  return (
    <div className="nhsuk-date-input" id={`${id}-time`}>
      <DigitBox
        id={id}
        label={strings.hour}
        value={draft.hour}
        max={2}
        width={2}
        error={error}
        disabled={disabled}
        describedByIds={describedByIds}
        onChange={(hour) => onChange({ ...draft, hour })}
      />
      <DigitBox
        id={`${id}-minute`}
        label={strings.minute}
        value={draft.minute}
        max={2}
        width={2}
        error={error}
        disabled={disabled}
        describedByIds={describedByIds}
        onChange={(minute) => onChange({ ...draft, minute })}
      />
      {hour12 ? (
        <div className="nhsuk-date-input__item">
          <div className="nhsuk-form-group">
            <label className="nhsuk-label nhsuk-date-input__label" htmlFor={`${id}-period`}>
              {strings.amPm}
            </label>
            <select
              className={`nhsuk-select${error ? ' nhsuk-select--error' : ''}`}
              id={`${id}-period`}
              name={`${id}-period`}
              value={draft.period}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedByIds}
              onChange={(e) => onChange({ ...draft, period: e.target.value as TimeDraft['period'] })}
            >
              <option value="">{strings.selectAmPm}</option>
              <option value="am">{strings.am}</option>
              <option value="pm">{strings.pm}</option>
            </select>
          </div>
        </div>
      ) : null}
    </div>
  );
}
