import { Navigate, useNavigate } from 'react-router-dom';
import { BackLink } from '../../components/BackLink';
import { useSettings } from '../../settings/useSettings';
import { useLeaveFlow } from '../leaveFlow';
import { adminFlow, clearAdminFlow, enabledForms } from './adminFlow';
import './admin.css';

/** /admin-request: one button per admin form the practice enables for this patient. */
export default function AdminMenuPage() {
  const { settings } = useSettings();
  const navigate = useNavigate();
  const leave = useLeaveFlow();
  const forms = enabledForms(settings);
  if (forms.length === 0) return <Navigate to="/" replace />;

  return (
    <>
      <BackLink fallback="/" />
      <h1>I need admin help</h1>
      <p>Please select an option below.</p>
      <ul className="nhsuk-list app-admin-menu">
        {forms.map((form) => (
          <li key={form.type}>
            <button
              type="button"
              className="nhsuk-button nhsuk-button--secondary app-admin-menu__option"
              onClick={() => {
                adminFlow.set({ attempt: undefined, pending: undefined });
                void navigate(`/admin-request/form?request=${encodeURIComponent(form.type)}`);
              }}
            >
              {form.label}
              {form.subTitle ? <span className="app-admin-menu__subtitle">{form.subTitle}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => leave('/', clearAdminFlow)}>
        Cancel
      </button>
    </>
  );
}
