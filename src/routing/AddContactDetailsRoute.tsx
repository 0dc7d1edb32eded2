import AdminAddContactDetailsPage from '../flows/admin/AddContactDetailsPage';
import { adminFlow } from '../flows/admin/adminFlow';
import { useFlowState } from '../flows/flowState';
import { TriageAddContactDetails } from '../flows/triage/TriageAddContactDetails';
import { useFinishedTriage } from '../flows/guideline/useJourneyBounce';

/**
 * /add-contact-details serves both flows with one screen: the admin request waiting for the
 * choice when there is one, else a finished medical questionnaire; with neither, the admin page
 * sends the patient home.
 */
export default function AddContactDetailsRoute() {
  const admin = useFlowState(adminFlow);
  const triage = useFinishedTriage();
  if (!admin.pending && triage) return <TriageAddContactDetails flow={triage} />;
  return <AdminAddContactDetailsPage />;
}
