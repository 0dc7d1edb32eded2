import { Navigate, useNavigate } from 'react-router-dom';
import { PatientDetailsStep } from '../../patient-details/PatientDetailsStep';
import { useConfirmedLeave } from '../leaveFlow';
import { ADMIN_FLOW, CHANGE_OF_CONTACT_DETAILS, adminFlow, clearAdminFlow } from './adminFlow';
import { useAdminFormAccess } from './useAdminForm';

/** /admin-request/patient-details?request=TYPE: who the request is for, before the form. */
export default function AdminPatientDetailsPage() {
  const access = useAdminFormAccess();
  const navigate = useNavigate();
  // Cancel asks before the answers go (one dialog for every step: leaveFlow.ts).
  const leave = useConfirmedLeave();
  if (access.kind === 'home') return <Navigate to="/" replace />;
  if (access.kind === 'menu') return <Navigate to="/admin-request" replace />;
  const next = access.type === CHANGE_OF_CONTACT_DETAILS ? '/change-of-contact-details' : `/admin-request/form?request=${access.type}`;

  return (
    <PatientDetailsStep
      flow={ADMIN_FLOW}
      checkRecord={access.requiresPatientRecord}
      backFallback="/admin-request"
      caption={<span className="nhsuk-caption-l">{access.label}</span>}
      onComplete={({ patient, validation, replyByPhone, addEmail }) => {
        adminFlow.set({ patient, validation, replyByPhone, attempt: undefined, ...(addEmail ? { addEmail } : { addEmail: undefined }) });
        void navigate(next);
      }}
      onCancel={() => leave('/', clearAdminFlow)}
    />
  );
}
