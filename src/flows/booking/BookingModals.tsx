// The booking screen's modals: "Where would you like your appointment?", the location and person
// filters, and "Confirm this choice?". Their radios and checkboxes are the renderer's own widgets
// (DEFAULT_WIDGETS.radio / .checkboxes, the same markup and error parts as every form), not a
// second hand-written copy of the design system's choice markup.
import { useId, useState } from 'react';
import { DEFAULT_STRINGS, DEFAULT_WIDGETS, type FieldSnapshot, type WidgetOption } from '../../../renderer/index';
import { Modal } from '../../components/Modal';
import { dateInWords, timeInWords } from './format';
import { CONFIRM_CHOICE_TITLE } from './messages';
import { personLabel, type FilterOption } from './slots';
import type { Selection, useBookingSelection } from './useBookingSelection';

interface ChoiceFieldProps {
  kind: 'radio' | 'checkboxes';
  label: string;
  hint?: string;
  options: WidgetOption[];
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
}

/** One choice question drawn by the renderer's widget (no "None of the above": none chosen means every time). */
function ChoiceField({ kind, label, hint, options, value, error, onChange }: ChoiceFieldProps) {
  const id = `booking-${useId().replace(/:/g, '')}`;
  const Widget = DEFAULT_WIDGETS[kind];
  const snap: FieldSnapshot = {
    value,
    error,
    visible: true,
    disabled: false,
    options: undefined,
  };
  return (
    <Widget
      name={id}
      widget={kind}
      id={id}
      label={label}
      hint={hint}
      schema={kind === 'radio' ? { type: 'string' } : { type: 'array' }}
      ui={{ 'ui:widget': kind, 'ui:options': { noneOfTheAbove: false } }}
      required={false}
      snap={snap}
      options={options}
      hintId={`${id}-hint`}
      errorId={`${id}-error`}
      set={onChange}
      strings={DEFAULT_STRINGS}
    />
  );
}

export function LocationModal({
  selection,
  onChoose,
  onContinue,
  onCancel,
}: {
  selection: Extract<Selection, { step: 'location' }> | undefined;
  onChoose: (key: string) => void;
  /** False when no place is chosen yet. */
  onContinue: () => boolean;
  onCancel: () => void;
}) {
  const [tried, setTried] = useState(false);
  const error = tried && selection && !selection.choice ? 'Please select an option' : undefined;
  return (
    <Modal
      open={selection !== undefined}
      title="Where would you like your appointment?"
      onClose={() => {
        setTried(false);
        onCancel();
      }}
      actions={[
        {
          label: 'Continue',
          onClick: () => {
            setTried(!onContinue());
          },
        },
        { label: 'Cancel', secondary: true, onClick: onCancel },
      ]}
    >
      {selection ? (
        <ChoiceField
          kind="radio"
          label={`${dateInWords(selection.time.date)} at ${timeInWords(selection.time.startTime)}`}
          options={selection.options.map((o) => ({
            value: o.key,
            label: o.label,
          }))}
          value={selection.choice}
          error={error}
          onChange={(value) => {
            if (typeof value === 'string') onChoose(value);
          }}
        />
      ) : null}
    </Modal>
  );
}

export function FilterModal({
  open,
  kind,
  options,
  chosen,
  onApply,
  onClose,
}: {
  open: boolean;
  kind: 'sites' | 'holders';
  options: FilterOption[];
  chosen: string[];
  onApply: (values: string[]) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<string[]>(chosen);
  return (
    <Modal
      open={open}
      title={kind === 'sites' ? 'Choose locations' : 'Choose people'}
      onClose={onClose}
      actions={[
        { label: 'Apply', onClick: () => onApply(draft) },
        { label: 'Show all', secondary: true, onClick: () => onApply([]) },
      ]}
    >
      <ChoiceField
        kind="checkboxes"
        label={kind === 'sites' ? 'Where would you like to be seen?' : 'Who would you like to see?'}
        hint="Select all that apply, or none to see every time."
        options={options.map((o) => ({ value: o.value, label: o.label }))}
        value={draft}
        onChange={(value) => setDraft(Array.isArray(value) ? value.map(String) : [])}
      />
    </Modal>
  );
}

function ConfirmModal({
  selection,
  selectedHolders,
  onConfirm,
  onCancel,
  onClose,
}: {
  selection: Selection | undefined;
  selectedHolders: string[];
  onConfirm: () => void;
  onCancel: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={selection?.step === 'confirm'}
      title={CONFIRM_CHOICE_TITLE}
      onClose={onClose}
      actions={[
        { label: 'Confirm', onClick: onConfirm },
        { label: 'Cancel', secondary: true, onClick: onCancel },
      ]}
    >
      {selection && selection.step !== 'location' ? (
        <dl className="nhsuk-summary-list">
          <SummaryRow label="Date" value={dateInWords(selection.time.date)} />
          <SummaryRow label="Time" value={timeInWords(selection.time.startTime)} />
          <SummaryRow label="Place" value={selection.place} />
          <SummaryRow label="Person" value={personLabel(selection.candidates, selectedHolders)} />
          <SummaryRow label="Appointment" value={[...new Set(selection.candidates.map((c) => c.slot.type))].join(' or ')} />
        </dl>
      ) : null}
    </Modal>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="nhsuk-summary-list__row">
      <dt className="nhsuk-summary-list__key">{label}</dt>
      <dd className="nhsuk-summary-list__value">{value}</dd>
    </div>
  );
}

/** The dialogs of choosing a time: its place when the time is offered at several, then "Confirm your choice". */
export function ChoiceDialogs({ choice, selectedHolders }: { choice: ReturnType<typeof useBookingSelection>; selectedHolders: string[] }) {
  return (
    <>
      <LocationModal
        selection={choice.selection?.step === 'location' ? choice.selection : undefined}
        onChoose={choice.chooseLocation}
        onContinue={choice.continueToConfirm}
        onCancel={() => choice.dismiss('location')}
      />

      <ConfirmModal
        selection={choice.selection}
        selectedHolders={selectedHolders}
        onConfirm={() => void choice.confirm()}
        onCancel={choice.cancel}
        onClose={() => choice.dismiss('confirm')}
      />
    </>
  );
}
