// The emergency override reasons as a patient would say them. The practice configures its reasons
// (patient-app emergencyOverrideOptions, { id, label }); the spec's labels ("Patient override for
// GP", "By end tomorrow") are staff shorthand. The patient's screen shows these words for the ids
// it knows and the practice's own label for any other; the practice still stores and reads its
// own label (docs/patient-app.md "Experience, third round").
const OVERRIDE_PATIENT_WORDS: Readonly<Record<string, string>> = {
  patient_override_for_gp: 'I understand the risk and I want my GP practice to help me instead of A&E',
  patient_override_gp: 'I understand the risk and I want my GP practice to help me instead of A&E',
  by_end_tomorrow: 'I feel well enough to wait to hear from my GP practice by the end of tomorrow',
  already_assessed: 'A doctor, nurse or other clinician has already checked these symptoms',
  long_standing: 'I have had these symptoms for a long time and they are not getting worse',
  none_of_the_above: 'None of these – I am not safe to wait, tell me where to get urgent help',
};

/** What the patient reads for one override reason: our words for a known id, else the practice's label. */
export function overrideReasonInWords(option: { id: string; label: string }): string {
  return OVERRIDE_PATIENT_WORDS[option.id] ?? option.label;
}
