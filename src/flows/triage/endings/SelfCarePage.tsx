import { AdviceEndingPage } from './AdviceEndingPage';

/** /triage/self-care: a self-care result; nothing is sent unless the patient still asks the practice. */
export default function SelfCarePage() {
  return <AdviceEndingPage screen="SELF_CARE" />;
}
