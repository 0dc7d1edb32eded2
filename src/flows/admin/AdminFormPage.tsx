import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { SchemaForm, resolveParameters, type FormData } from '../../../renderer/index';
import { getJson } from '../../api/client';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { Modal } from '../../components/Modal';
import { loadForm, type LoadedForm } from '../../forms/loadForm';
import { useSettings } from '../../settings/useSettings';
import { useFlowStore } from '../sessionFlowStore';
import { SEND_FAILED_MESSAGE, adminFlow, clearAdminFlow, needsContactChoice, parameterContext, prepareSend } from './adminFlow';
import { useAdminFormAccess } from './useAdminForm';
import { useAdminSender } from './useAdminSender';

/** /admin-request/form?request=TYPE: the admin form document, drawn by the renderer. */
export default function AdminFormPage() {
  const access = useAdminFormAccess();
  const type = access.kind === 'ok' ? access.type : undefined;
  const flow = useFlowStore(adminFlow);
  const { settings } = useSettings();
  const navigate = useNavigate();
  const send = useAdminSender();
  const [loaded, setLoaded] = useState<{ type: string; form: LoadedForm }>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [postcodeQuestion, setPostcodeQuestion] = useState(false);
  const postcodeAnswer = useRef<(goOn: boolean) => void>(undefined);

  useEffect(() => {
    if (!type) return;
    let live = true;
    loadForm(type).then(
      (form) => live && setLoaded({ type, form }),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [type]);

  const params = useMemo(
    () => (loaded ? resolveParameters(loaded.form.doc, parameterContext(settings, flow.patient)) : {}),
    [loaded, settings, flow.patient],
  );

  if (access.kind === 'home') return <Navigate to="/" replace />;
  if (access.kind === 'menu') return <Navigate to="/admin-request" replace />;
  const patient = flow.patient;
  if (!patient) return <Navigate to={`/admin-request/patient-details?request=${access.type}`} replace />;
  if (loadFailed) {
    return <p className="nhsuk-error-message">{SEND_FAILED_MESSAGE}</p>;
  }
  if (!loaded || loaded.type !== access.type) return <Loading message={LOADING_MESSAGES.preparingInformation} />;
  const formType = access.type;

  /** Spec 4: the pharmacy postcode of the EPS form is checked after the page validates. */
  async function pharmacyPostcodeAccepted(data: FormData): Promise<boolean> {
    if (formType !== 'ELECTRONIC_PRESCRIPTION_SERVICE' || typeof data.pharmacyPostcode !== 'string') return true;
    const exists = await getJson<boolean>(`/postcode/${encodeURIComponent(data.pharmacyPostcode)}/exists`).catch(() => false);
    if (exists) return true;
    setPostcodeQuestion(true);
    return new Promise<boolean>((resolve) => {
      postcodeAnswer.current = resolve;
    });
  }

  function answerPostcode(goOn: boolean) {
    setPostcodeQuestion(false);
    postcodeAnswer.current?.(goOn);
    postcodeAnswer.current = undefined;
  }

  async function submit(pruned: FormData) {
    setNotice(undefined);
    if (!patient) return;
    if (!(await pharmacyPostcodeAccepted(pruned))) return;
    const attempt = prepareSend(formType, pruned, patient, adminFlow.get().attempt);
    adminFlow.set({ attempt });
    if (needsContactChoice(settings, patient, flow.validation)) {
      adminFlow.set({ pending: attempt.body });
      navigate('/add-contact-details');
      return;
    }
    await send(attempt);
  }

  return (
    <>
      <span className="nhsuk-caption-l">{access.label}</span>
      <SchemaForm
        key={formType}
        doc={loaded.form.doc}
        schemaCheck={loaded.form.schemaCheck}
        params={params}
        initialData={flow.answers[formType]}
        initialPage={flow.pages[formType]}
        onChange={(data, page) =>
          adminFlow.set((s) => ({ ...s, answers: { ...s.answers, [formType]: data }, pages: { ...s.pages, [formType]: page } }))
        }
        onSubmit={submit}
        onSubmitError={() => setNotice(SEND_FAILED_MESSAGE)}
        onBack={() => navigate('/admin-request')}
        onCancel={() => {
          clearAdminFlow();
          navigate('/');
        }}
        notice={notice ? <p className="nhsuk-error-message" role="alert">{notice}</p> : undefined}
      />
      <Modal
        open={postcodeQuestion}
        title="Postcode not found"
        onClose={() => answerPostcode(false)}
        actions={[
          { label: 'Yes', onClick: () => answerPostcode(true) },
          { label: 'No', secondary: true, onClick: () => answerPostcode(false) },
        ]}
      >
        <p>This may be a new postcode. Pick Yes to continue if you&apos;re sure it&apos;s right.</p>
      </Modal>
    </>
  );
}
