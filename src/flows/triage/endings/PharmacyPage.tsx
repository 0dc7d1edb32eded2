import { AdviceEndingPage } from './AdviceEndingPage';

/** /triage/pharmacy: a Pharmacy First result; nothing is sent unless the patient asks the practice instead. */
export default function PharmacyPage() {
  return <AdviceEndingPage screen="PHARMACY" />;
}
