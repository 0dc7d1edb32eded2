/** The "Selected option" banner: which pathway the patient chose. */
export function SelectedOption({ label }: { label: string }) {
  return (
    <div className="nhsuk-inset-text app-selected-option" data-testid="selected-option">
      <span className="nhsuk-u-visually-hidden">Information: </span>
      <p>
        <span className="nhsuk-caption-m">Selected option</span>
        <strong>{label}</strong>
      </p>
    </div>
  );
}
