// One field of a document, drawn with NHS design-system markup. Each Field subscribes to its
// own snapshot in the form store, so it re-renders only when its own value, error,
// visibility, options or disabled state change.
import { memo, useCallback, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import { normaliseText } from '../core/index';
import type { FieldSchema, UiField, WidgetName } from '../core/types';
import { digitsOnly, joinDate, joinDateTime, joinTime, splitDate, splitDateTime, splitTime, type DateParts, type TimeParts } from './dateParts';
import { describedBy, ErrorText, groupClass, Hint, Label, Legend } from './fieldParts';
import { fieldId, renderProbe, useFormContext } from './formContext';
import type { FieldSnapshot } from './formStore';

export const NONE_OF_THE_ABOVE = 'NONE_OF_THE_ABOVE';
export const NONE_OF_THE_ABOVE_LABEL = 'None of the above';
/** Default maximum of a long-text answer with a character count (spec 5.2). */
export const DEFAULT_TEXTAREA_MAX = 300;

interface Option {
  value: unknown;
  label: string;
}

export interface WidgetProps {
  name: string;
  id: string;
  label: string;
  hint: string | undefined;
  schema: FieldSchema;
  ui: UiField;
  required: boolean;
  snap: FieldSnapshot;
  options: Option[];
  hintId: string;
  errorId: string;
  set: (value: unknown) => void;
}

function inputClass(base: string, error: string | undefined, width?: number): string {
  return [base, error ? `${base}--error` : '', width ? `nhsuk-input--width-${width}` : ''].filter(Boolean).join(' ');
}

/** Keeps a local draft of what the patient typed, resynced only when the stored value changes elsewhere. */
function useDraft<T>(value: unknown, split: (v: unknown) => T): [T, (draft: T, stored: unknown) => void] {
  const [state, setState] = useState(() => ({ draft: split(value), from: value }));
  let current = state;
  if (state.from !== value) {
    current = { draft: split(value), from: value };
    setState(current);
  }
  const update = useCallback((draft: T, stored: unknown) => setState({ draft, from: stored }), []);
  return [current.draft, update];
}

// ---- text-like widgets -----------------------------------------------------------------

function TextWidget({ id, label, hint, ui, required, snap, hintId, errorId, set, kind }: WidgetProps & { kind: 'text' | 'email' | 'tel' }) {
  const value = typeof snap.value === 'string' ? snap.value : snap.value === undefined ? '' : String(snap.value);
  const options = ui['ui:options'] ?? {};
  const onBlur = () => {
    if (typeof snap.value !== 'string') return;
    const normalised = normaliseText(snap.value);
    // Whitespace-only stays as typed so validation can say "Please provide valid input."
    if (normalised !== '' && normalised !== snap.value) set(normalised);
  };
  return (
    <div className={groupClass(snap.error)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <Hint id={hintId} text={hint} />
      <ErrorText id={errorId} message={snap.error} />
      <input
        className={inputClass('nhsuk-input', snap.error, options.width)}
        id={id}
        name={id}
        type={kind}
        value={snap.disabled ? '' : value}
        disabled={snap.disabled}
        spellCheck={kind === 'text' ? undefined : false}
        autoComplete={options.autocomplete ?? (kind === 'email' ? 'email' : kind === 'tel' ? 'tel' : undefined)}
        inputMode={options.inputmode}
        placeholder={ui['ui:placeholder']}
        aria-required={required || undefined}
        aria-invalid={snap.error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, snap.error && errorId)}
        onChange={(e) => set(e.target.value === '' ? undefined : e.target.value)}
        onBlur={onBlur}
      />
    </div>
  );
}

function TextareaWidget({ id, label, hint, schema, ui, required, snap, hintId, errorId, set }: WidgetProps) {
  const value = typeof snap.value === 'string' ? snap.value : '';
  const max = schema.maxLength ?? DEFAULT_TEXTAREA_MAX;
  const left = max - value.length;
  const infoId = `${id}-info`;
  const over = left < 0;
  const onBlur = () => {
    if (typeof snap.value !== 'string') return;
    const normalised = normaliseText(snap.value);
    if (normalised !== '' && normalised !== snap.value) set(normalised);
  };
  return (
    <div className={groupClass(snap.error, 'nhsuk-character-count')}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <Hint id={hintId} text={hint} />
      <ErrorText id={errorId} message={snap.error} />
      <textarea
        className={inputClass('nhsuk-textarea', snap.error)}
        id={id}
        name={id}
        rows={ui['ui:options']?.rows ?? 5}
        value={snap.disabled ? '' : value}
        disabled={snap.disabled}
        placeholder={ui['ui:placeholder']}
        aria-required={required || undefined}
        aria-invalid={snap.error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, snap.error && errorId, infoId)}
        onChange={(e) => set(e.target.value === '' ? undefined : e.target.value)}
        onBlur={onBlur}
      />
      <div id={infoId} className="nhsuk-u-visually-hidden">
        You can enter up to {max} characters
      </div>
      <div
        className={over ? 'nhsuk-error-message nhsuk-character-count__status' : 'nhsuk-hint nhsuk-character-count__status'}
        aria-live="polite"
        data-testid={`${id}-count`}
      >
        {over ? `You have ${-left} ${-left === 1 ? 'character' : 'characters'} too many` : `You have ${left} ${left === 1 ? 'character' : 'characters'} remaining`}
      </div>
    </div>
  );
}

/** Numbers are stored as numbers; anything unparsable stays a string so validation reports it. */
function parseNumber(text: string): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  return text;
}

function NumberWidget({ id, label, hint, ui, required, snap, hintId, errorId, set, integer }: WidgetProps & { integer: boolean }) {
  const [draft, setDraft] = useDraft(snap.value, (v) => (v === undefined || v === null ? '' : String(v)));
  const unit = ui['ui:options']?.unit;
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const stored = parseNumber(e.target.value);
    setDraft(e.target.value, stored);
    set(stored);
  };
  const input = (
    <input
      className={inputClass('nhsuk-input', snap.error, ui['ui:options']?.width ?? 5)}
      id={id}
      name={id}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      spellCheck={false}
      value={snap.disabled ? '' : draft}
      disabled={snap.disabled}
      aria-required={required || undefined}
      aria-invalid={snap.error ? true : undefined}
      aria-describedby={describedBy(hint && hintId, snap.error && errorId)}
      onChange={onChange}
    />
  );
  return (
    <div className={groupClass(snap.error)}>
      <Label htmlFor={id} required={required}>
        {label}
        {unit ? <span className="nhsuk-u-visually-hidden"> ({unit})</span> : null}
      </Label>
      <Hint id={hintId} text={hint} />
      <ErrorText id={errorId} message={snap.error} />
      {unit ? (
        <div className="nhsuk-input-wrapper">
          {input}
          <div className="nhsuk-input-wrapper__suffix" aria-hidden="true">
            {unit}
          </div>
        </div>
      ) : (
        input
      )}
    </div>
  );
}

// ---- date and time ------------------------------------------------------------------------

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

function DateBoxes({ id, parts, error, disabled, describedByIds, autoComplete, onChange }: {
  id: string;
  parts: DateParts;
  error: boolean;
  disabled: boolean;
  describedByIds: string | undefined;
  autoComplete: string | undefined;
  onChange: (parts: DateParts) => void;
}) {
  const bday = autoComplete === 'bday';
  return (
    <div className="nhsuk-date-input" id={`${id}-date`}>
      <DigitBox id={id} label="Day" value={parts.day} max={2} width={2} error={error} disabled={disabled} describedByIds={describedByIds} autoComplete={bday ? 'bday-day' : undefined} onChange={(day) => onChange({ ...parts, day })} />
      <DigitBox id={`${id}-month`} label="Month" value={parts.month} max={2} width={2} error={error} disabled={disabled} describedByIds={describedByIds} autoComplete={bday ? 'bday-month' : undefined} onChange={(month) => onChange({ ...parts, month })} />
      <DigitBox id={`${id}-year`} label="Year" value={parts.year} max={4} width={4} error={error} disabled={disabled} describedByIds={describedByIds} autoComplete={bday ? 'bday-year' : undefined} onChange={(year) => onChange({ ...parts, year })} />
    </div>
  );
}

interface TimeDraft extends TimeParts {
  period: '' | 'am' | 'pm';
}

function splitTimeDraft(value: unknown, hour12: boolean): TimeDraft {
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
 * stored as typed so validation gives the messages of spec 5.5.
 */
function joinTimeDraft(draft: TimeDraft, hour12: boolean, as: 'time' | 'datetime' = 'time'): string | undefined {
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

function TimeBoxes({ id, draft, hour12, error, disabled, describedByIds, onChange }: {
  id: string;
  draft: TimeDraft;
  hour12: boolean;
  error: boolean;
  disabled: boolean;
  describedByIds: string | undefined;
  onChange: (draft: TimeDraft) => void;
}) {
  return (
    <div className="nhsuk-date-input" id={`${id}-time`}>
      <DigitBox id={id} label="Hour" value={draft.hour} max={2} width={2} error={error} disabled={disabled} describedByIds={describedByIds} onChange={(hour) => onChange({ ...draft, hour })} />
      <DigitBox id={`${id}-minute`} label="Minute" value={draft.minute} max={2} width={2} error={error} disabled={disabled} describedByIds={describedByIds} onChange={(minute) => onChange({ ...draft, minute })} />
      {hour12 ? (
        <div className="nhsuk-date-input__item">
          <div className="nhsuk-form-group">
            <label className="nhsuk-label nhsuk-date-input__label" htmlFor={`${id}-period`}>
              am or pm
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
              <option value="">Select</option>
              <option value="am">am</option>
              <option value="pm">pm</option>
            </select>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function DateWidget({ id, label, hint, required, snap, hintId, errorId, set, ui }: WidgetProps) {
  const [parts, setParts] = useDraft(snap.value, splitDate);
  const ids = describedBy(hint && hintId, snap.error && errorId);
  return (
    <div className={groupClass(snap.error)}>
      <fieldset className="nhsuk-fieldset" role="group" aria-describedby={ids}>
        <Legend required={required}>{label}</Legend>
        <Hint id={hintId} text={hint ?? 'For example, 15 3 1984'} />
        <ErrorText id={errorId} message={snap.error} />
        <DateBoxes
          id={id}
          parts={snap.disabled ? splitDate(undefined) : parts}
          error={Boolean(snap.error)}
          disabled={snap.disabled}
          describedByIds={undefined}
          autoComplete={ui['ui:options']?.autocomplete}
          onChange={(next) => {
            const stored = joinDate(next);
            setParts(next, stored);
            set(stored);
          }}
        />
      </fieldset>
    </div>
  );
}

function TimeWidget({ id, label, hint, required, snap, hintId, errorId, set, ui }: WidgetProps) {
  const hour12 = ui['ui:options']?.hour12 === true;
  const [draft, setDraft] = useDraft(snap.value, (v) => splitTimeDraft(v, hour12));
  const ids = describedBy(hint && hintId, snap.error && errorId);
  return (
    <div className={groupClass(snap.error)}>
      <fieldset className="nhsuk-fieldset" role="group" aria-describedby={ids}>
        <Legend required={required}>{label}</Legend>
        <Hint id={hintId} text={hint ?? (hour12 ? 'For example, 9 30 am' : 'For example, 14 30')} />
        <ErrorText id={errorId} message={snap.error} />
        <TimeBoxes
          id={id}
          draft={snap.disabled ? { hour: '', minute: '', period: '' } : draft}
          hour12={hour12}
          error={Boolean(snap.error)}
          disabled={snap.disabled}
          describedByIds={undefined}
          onChange={(next) => {
            const stored = joinTimeDraft(next, hour12);
            setDraft(next, stored);
            set(stored);
          }}
        />
      </fieldset>
    </div>
  );
}

function DateTimeWidget({ id, label, hint, required, snap, hintId, errorId, set, ui }: WidgetProps) {
  const hour12 = ui['ui:options']?.hour12 === true;
  const [draft, setDraft] = useDraft(snap.value, (v) => {
    const { date, time } = splitDateTime(v);
    return { date: splitDate(date), time: splitTimeDraft(time, hour12) };
  });
  const ids = describedBy(hint && hintId, snap.error && errorId);
  const emit = (next: { date: DateParts; time: TimeDraft }) => {
    const stored = joinDateTime(joinDate(next.date), joinTimeDraft(next.time, hour12, 'datetime'));
    setDraft(next, stored);
    set(stored);
  };
  return (
    <div className={groupClass(snap.error)}>
      <fieldset className="nhsuk-fieldset" role="group" aria-describedby={ids}>
        <Legend required={required}>{label}</Legend>
        <Hint id={hintId} text={hint ?? 'Enter the date, then the time'} />
        <ErrorText id={errorId} message={snap.error} />
        <DateBoxes id={id} parts={snap.disabled ? splitDate(undefined) : draft.date} error={Boolean(snap.error)} disabled={snap.disabled} describedByIds={undefined} autoComplete={undefined} onChange={(date) => emit({ ...draft, date })} />
        <TimeBoxes id={`${id}-t`} draft={snap.disabled ? { hour: '', minute: '', period: '' } : draft.time} hour12={hour12} error={Boolean(snap.error)} disabled={snap.disabled} describedByIds={undefined} onChange={(time) => emit({ ...draft, time })} />
      </fieldset>
    </div>
  );
}

// ---- choices ----------------------------------------------------------------------------

function visibleOptions(options: Option[], snap: FieldSnapshot): Option[] {
  const allowed = snap.options;
  return allowed ? options.filter((o) => allowed.has(String(o.value))) : options;
}

function RadiosWidget({ id, label, hint, required, snap, options, hintId, errorId, set, inline }: WidgetProps & { inline?: boolean }) {
  const ids = describedBy(hint && hintId, snap.error && errorId);
  const shown = visibleOptions(options, snap);
  return (
    <div className={groupClass(snap.error)}>
      <fieldset className="nhsuk-fieldset" aria-describedby={ids}>
        <Legend required={required}>{label}</Legend>
        <Hint id={hintId} text={hint} />
        <ErrorText id={errorId} message={snap.error} />
        <div className={inline ? 'nhsuk-radios nhsuk-radios--inline' : 'nhsuk-radios'}>
          {shown.map((option, i) => {
            const optionId = i === 0 ? id : `${id}-${i + 1}`;
            return (
              <div className="nhsuk-radios__item" key={String(option.value)}>
                <input
                  className="nhsuk-radios__input"
                  id={optionId}
                  name={id}
                  type="radio"
                  value={String(option.value)}
                  checked={!snap.disabled && snap.value === option.value}
                  disabled={snap.disabled}
                  onChange={() => set(option.value)}
                />
                <label className="nhsuk-label nhsuk-radios__label" htmlFor={optionId}>
                  {option.label}
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

function YesNoWidget(props: WidgetProps) {
  const o = props.ui['ui:options'] ?? {};
  const yes = { value: true, label: o.yesLabel ?? 'Yes' };
  const no = { value: false, label: o.noLabel ?? 'No' };
  return <RadiosWidget {...props} options={o.reversed ? [no, yes] : [yes, no]} inline />;
}

function CheckboxesWidget({ id, label, hint, required, snap, options, hintId, errorId, set, ui }: WidgetProps) {
  const ids = describedBy(hint && hintId, snap.error && errorId);
  const selected = Array.isArray(snap.value) ? (snap.value as unknown[]) : [];
  const withNone = ui['ui:options']?.noneOfTheAbove !== false;
  const shown = visibleOptions(
    options.filter((o) => o.value !== NONE_OF_THE_ABOVE),
    snap,
  );
  const toggle = (value: unknown, checked: boolean) => {
    let next: unknown[];
    if (value === NONE_OF_THE_ABOVE) next = checked ? [NONE_OF_THE_ABOVE] : [];
    else {
      next = selected.filter((v) => v !== NONE_OF_THE_ABOVE && v !== value);
      if (checked) next.push(value);
      // Keep the document's option order, whatever order they were ticked in.
      const order = new Map(options.map((o, i) => [o.value, i]));
      next.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    }
    set(next.length > 0 ? next : undefined);
  };
  const item = (option: Option, optionId: string, exclusive: boolean) => (
    <div className="nhsuk-checkboxes__item" key={String(option.value)}>
      <input
        className="nhsuk-checkboxes__input"
        id={optionId}
        name={id}
        type="checkbox"
        value={String(option.value)}
        checked={!snap.disabled && selected.includes(option.value)}
        disabled={snap.disabled}
        data-checkbox-exclusive={exclusive || undefined}
        aria-invalid={snap.error ? true : undefined}
        onChange={(e) => toggle(option.value, e.target.checked)}
      />
      <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={optionId}>
        {option.label}
      </label>
    </div>
  );
  return (
    <div className={groupClass(snap.error)}>
      <fieldset className="nhsuk-fieldset" aria-describedby={ids}>
        <Legend required={required}>{label}</Legend>
        <Hint id={hintId} text={hint ?? 'Select all that apply'} />
        <ErrorText id={errorId} message={snap.error} />
        <div className="nhsuk-checkboxes">
          {shown.map((option, i) => item(option, i === 0 ? id : `${id}-${i + 1}`, false))}
          {withNone ? (
            <>
              {shown.length > 0 ? <div className="nhsuk-checkboxes__divider">or</div> : null}
              {item({ value: NONE_OF_THE_ABOVE, label: NONE_OF_THE_ABOVE_LABEL }, shown.length === 0 ? id : `${id}-none`, true)}
            </>
          ) : null}
        </div>
      </fieldset>
    </div>
  );
}

function CheckboxWidget({ id, label, hint, required, snap, hintId, errorId, set }: WidgetProps) {
  return (
    <div className={groupClass(snap.error)}>
      <Hint id={hintId} text={hint} />
      <ErrorText id={errorId} message={snap.error} />
      <div className="nhsuk-checkboxes">
        <div className="nhsuk-checkboxes__item">
          <input
            className="nhsuk-checkboxes__input"
            id={id}
            name={id}
            type="checkbox"
            checked={!snap.disabled && snap.value === true}
            disabled={snap.disabled}
            aria-required={required || undefined}
            aria-invalid={snap.error ? true : undefined}
            aria-describedby={describedBy(hint && hintId, snap.error && errorId)}
            // An unticked acceptance stores nothing, so "required" applies.
            onChange={(e) => set(e.target.checked ? true : undefined)}
          />
          <Label htmlFor={id} required={required} className="nhsuk-checkboxes__label">
            {label}
          </Label>
        </div>
      </div>
    </div>
  );
}

function SelectWidget({ id, label, hint, required, snap, options, hintId, errorId, set }: WidgetProps) {
  const shown = visibleOptions(options, snap);
  const index = shown.findIndex((o) => o.value === snap.value);
  return (
    <div className={groupClass(snap.error)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <Hint id={hintId} text={hint} />
      <ErrorText id={errorId} message={snap.error} />
      <select
        className={`nhsuk-select${snap.error ? ' nhsuk-select--error' : ''}`}
        id={id}
        name={id}
        value={snap.disabled || index < 0 ? '' : String(index)}
        disabled={snap.disabled}
        aria-required={required || undefined}
        aria-invalid={snap.error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, snap.error && errorId)}
        onChange={(e) => set(e.target.value === '' ? undefined : shown[Number(e.target.value)]?.value)}
      >
        <option value="">Select an option</option>
        {shown.map((o, i) => (
          <option key={String(o.value)} value={String(i)}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function DisplayWidget({ label, schema, ui }: WidgetProps) {
  const text = ui['ui:options']?.text ?? schema.description;
  return (
    <div className="nhsuk-form-group">
      {text && schema.title ? <p className="nhsuk-body nhsuk-u-font-weight-bold">{label}</p> : null}
      <p className="nhsuk-body">{text ?? label}</p>
    </div>
  );
}

// ---- the field ------------------------------------------------------------------------------

function hintFor(widget: WidgetName, schema: FieldSchema, ui: UiField): string | undefined {
  const help = ui['ui:help'] ?? (widget === 'display' ? undefined : schema.description);
  if ((widget === 'number' || widget === 'integer') && (schema.minimum !== undefined || schema.maximum !== undefined)) {
    const unit = ui['ui:options']?.unit ? ` ${ui['ui:options'].unit}` : '';
    const range =
      schema.minimum !== undefined && schema.maximum !== undefined
        ? `Enter a number between ${schema.minimum} and ${schema.maximum}${unit}.`
        : schema.minimum !== undefined
          ? `Enter a number of at least ${schema.minimum}${unit}.`
          : `Enter a number of at most ${schema.maximum}${unit}.`;
    return help ? `${help} ${range}` : range;
  }
  return help;
}

export const Field = memo(function Field({ name }: { name: string }) {
  const { store, idPrefix, required: requiredSet } = useFormContext();
  const subscribe = useCallback((listener: () => void) => store.subscribe(name, listener), [store, name]);
  const getSnapshot = useCallback(() => store.snapshot(name), [store, name]);
  const snap = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const set = useCallback((value: unknown) => store.setValue(name, value), [store, name]);
  renderProbe.current?.(name);
  if (!snap.visible) return null;

  const schema = store.doc.schema.properties[name];
  if (!schema) return null;
  const ui = store.doc.uiSchema?.[name] ?? {};
  const widget = store.compiled.widgetOf(name) as WidgetName;
  const id = fieldId(idPrefix, name);
  const props: WidgetProps = {
    name,
    id,
    label: schema.title ?? name,
    hint: hintFor(widget, schema, ui),
    schema,
    ui,
    required: requiredSet.has(name) && widget !== 'display',
    snap,
    options: widget === 'yesNo' || widget === 'checkbox' ? [] : (store.compiled.optionsOf(name) as Option[]),
    hintId: `${id}-hint`,
    errorId: `${id}-error`,
    set,
  };
  switch (widget) {
    case 'text':
    case 'email':
    case 'tel':
      return <TextWidget {...props} kind={widget} />;
    case 'textarea':
      return <TextareaWidget {...props} />;
    case 'number':
      return <NumberWidget {...props} integer={false} />;
    case 'integer':
      return <NumberWidget {...props} integer />;
    case 'date':
      return <DateWidget {...props} />;
    case 'time':
      return <TimeWidget {...props} />;
    case 'datetime':
      return <DateTimeWidget {...props} />;
    case 'checkbox':
      return <CheckboxWidget {...props} />;
    case 'checkboxes':
      return <CheckboxesWidget {...props} />;
    case 'radio':
      return <RadiosWidget {...props} />;
    case 'select':
      return <SelectWidget {...props} />;
    case 'yesNo':
      return <YesNoWidget {...props} />;
    case 'display':
      return <DisplayWidget {...props} />;
    default:
      return <TextWidget {...props} kind="text" />;
  }
});
