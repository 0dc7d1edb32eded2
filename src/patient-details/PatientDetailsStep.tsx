import { useMemo, useState } from 'react';
import { SchemaForm, fromAjvValidator, resolveParameters, type FormData } from '../../renderer/index';
import PATIENT_DETAILS from '../../generated/forms/PATIENT_DETAILS';
import CONTACT_DETAILS from '../../generated/forms/CONTACT_DETAILS';
import LOGGED_IN_DETAILS from '../../generated/forms/LOGGED_IN_DETAILS';
import validatePatientDetails from '../../generated/validators/PATIENT_DETAILS';
import validateContactDetails from '../../generated/validators/CONTACT_DETAILS';
import validateLoggedInDetails from '../../generated/validators/LOGGED_IN_DETAILS';
import { getJson } from '../api/client';
import { postJson } from '../api/send';
import { Loading, LOADING_MESSAGES } from '../components/Loading';
import { Modal } from '../components/Modal';
import { useSettings } from '../settings/useSettings';
import { createFlowStore, useFlowStore, type FlowStore } from '../flows/sessionFlowStore';
import { toPatient, type Patient, type PatientValidation } from './patient';
import { EMAIL_REQUIRED_STATUSES, STATUS_MODALS, modalText, outcomeOf, type ValidationAnswer } from './validationOutcome';

export type PatientDetailsState = 'LOGIN_CHOICE' | 'DETAILS' | 'CONTACT_DETAILS';

interface StepState {
  step: PatientDetailsState;
  /** The patient chose to go on without NHS login. */
  declinedLogin: boolean;
  details: FormData;
  contact: FormData;
  loggedIn: FormData;
  /** Set after NO_EMAIL_ON_EPR_AND_REQUEST / INVALID_EMAIL_ON_EPR_AND_NO_EMAIL_REQUEST (spec 5.1). */
  emailRequired: boolean;
}

const initialState = (): StepState => ({ step: 'DETAILS', declinedLogin: false, details: {}, contact: {}, loggedIn: {}, emailRequired: false });

const checks = {
  details: fromAjvValidator(validatePatientDetails),
  contact: fromAjvValidator(validateContactDetails),
  loggedIn: fromAjvValidator(validateLoggedInDetails),
};

const stores = new Map<string, FlowStore<StepState>>();
/** One store per flow, kept in sessionStorage under `patient-details:<flow>`. */
export function patientDetailsStore(flow: string): FlowStore<StepState> {
  let store = stores.get(flow);
  if (!store) {
    store = createFlowStore<StepState>(`patient-details:${flow}`, initialState);
    stores.set(flow, store);
  }
  return store;
}

export interface PatientDetailsResult {
  patient: Patient;
  validation?: PatientValidation;
}

export interface PatientDetailsStepProps {
  /** Flow type of spec 4 (ADMIN_REQUEST, MEDICAL_REQUEST…): selects flowConfig and the validate call's `flow`. */
  flow: string;
  minAge?: number;
  maxAge?: number;
  /** Details only: no contact-details page and no record check (spec 4). */
  skipPatientValidation?: boolean;
  /**
   * Check the patient against the practice record after the contact details (default true).
   * Admin forms that do not need a record still collect contact details, so the practice can
   * reply, but skip the check.
   */
  checkRecord?: boolean;
  onComplete: (result: PatientDetailsResult) => void;
  onCancel: () => void;
}

type Pending =
  | { kind: 'postcode'; details: FormData }
  | { kind: 'noEmail'; contact: FormData }
  | { kind: 'status'; answer: ValidationAnswer }
  | undefined;

/**
 * The shared patient-details step (spec overview "Patient details step", rules 5.1): NHS login
 * choice, the logged-in short form, or DETAILS then CONTACT_DETAILS; postcode check, the email
 * prompt, and the record check with one modal per failing status.
 */
export function PatientDetailsStep({
  flow,
  minAge = 16,
  maxAge,
  skipPatientValidation = false,
  checkRecord: recordCheck = true,
  onComplete,
  onCancel,
}: PatientDetailsStepProps) {
  const { settings, loggedIn, user } = useSettings();
  const store = patientDetailsStore(flow);
  const state = useFlowStore(store);
  const [pending, setPending] = useState<Pending>();
  const [checking, setChecking] = useState(false);
  const phone = settings.clinic.telephone;

  const loginOffered =
    settings.shared.nhsLogin?.enabled === true && settings.patientApp.flowConfig?.[flow]?.enableNhsLogin !== false && !loggedIn;
  const step: PatientDetailsState = loginOffered && !state.declinedLogin ? 'LOGIN_CHOICE' : state.step;

  const detailsParams = useMemo(() => ({ minAge, maxAge }), [minAge, maxAge]);
  const contactParams = useMemo(
    () => ({ ...resolveParameters(CONTACT_DETAILS, { notificationConfig: settings.notificationConfig }), emailRequired: state.emailRequired }),
    [settings.notificationConfig, state.emailRequired],
  );

  async function checkRecord(patient: Patient) {
    if (skipPatientValidation || !recordCheck) {
      onComplete({ patient });
      return;
    }
    setChecking(true);
    const result = await postJson<ValidationAnswer>('/api/v1/triage/nhs/next/validate/patient', { patient, flow }).then(
      (answer) => ({ ok: true as const, answer }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    setChecking(false);
    const answer = outcomeOf(result);
    if (answer.status === 'VALIDATED') {
      onComplete({ patient, validation: answer.validation });
      return;
    }
    if (EMAIL_REQUIRED_STATUSES.includes(answer.status)) store.set({ emailRequired: true });
    setPending({ kind: 'status', answer });
  }

  async function detailsDone(details: FormData) {
    store.set({ details });
    const postcode = String(details.postCode ?? '');
    const exists = await getJson<boolean>(`/postcode/${encodeURIComponent(postcode)}/exists`).catch(() => false);
    if (!exists) {
      setPending({ kind: 'postcode', details });
      return;
    }
    await afterDetails(details);
  }

  async function afterDetails(details: FormData) {
    if (skipPatientValidation) {
      onComplete({ patient: toPatient(details, {}) });
      return;
    }
    store.set({ step: 'CONTACT_DETAILS' });
  }

  async function contactDone(contact: FormData) {
    store.set({ contact });
    if (!contact.emailAddress) {
      setPending({ kind: 'noEmail', contact });
      return;
    }
    await checkRecord(toPatient(store.get().details, contact));
  }

  async function loggedInDone(answers: FormData) {
    store.set({ loggedIn: answers });
    // A logged-in patient is validated at once (spec 4): the login provider vouches for them,
    // and their practice record (epr/patient; errors ignored, spec 7.2) gives the details.
    const record = await getJson<Partial<Patient>>('/nhs-login/epr/patient').catch(() => undefined);
    const details = {
      firstName: record?.firstName ?? user?.given_name,
      lastName: record?.lastName ?? user?.family_name,
      dateOfBirth: record?.dateOfBirth ?? user?.birthdate,
      sexAtBirth: answers.sexAtBirth,
      postCode: record?.postCode,
    };
    const contact = {
      emailAddress: user?.email || record?.contactDetails?.emailAddress,
      mobilePhoneNumber: user?.phone_number || record?.contactDetails?.mobilePhoneNumber,
      phoneNumber: answers.phoneNumber,
      type: 'OWN_NUMBER',
    };
    onComplete({ patient: toPatient(details, contact) });
  }

  if (checking) return <Loading message={LOADING_MESSAGES.patientCheck} />;

  let body;
  if (loggedIn) {
    body = (
      <>
        <SchemaForm
          key="logged-in"
          doc={LOGGED_IN_DETAILS}
          schemaCheck={checks.loggedIn}
          // Email and mobile come from NHS login; the phone to call starts as the mobile. Sex at birth stays blank (spec 4).
          initialData={{ phoneNumber: user?.phone_number, ...state.loggedIn }}
          onChange={(data) => store.set({ loggedIn: data })}
          onSubmit={loggedInDone}
          onBack={onCancel}
          submitLabel="Next"
        />
        <details className="nhsuk-details">
          <summary className="nhsuk-details__summary">
            <span className="nhsuk-details__summary-text">How your information is used</span>
          </summary>
          <div className="nhsuk-details__text">
            <p>
              Your practice uses your details to find your GP record and to contact you about this request. They are sent securely to
              your practice and are not shared with anyone else.
            </p>
          </div>
        </details>
      </>
    );
  } else if (step === 'LOGIN_CHOICE') {
    const here = `${window.location.pathname}${window.location.search}`;
    const tenant = settings.clinic.tenantId ? `&tenantId=${encodeURIComponent(settings.clinic.tenantId)}` : '';
    body = (
      <>
        <h1>Do you want to use NHS login?</h1>
        <p>If you have an NHS login, your practice can find your record without asking for your details.</p>
        <a className="nhsuk-button" href={`/nhs-login/authorize?redirect=${encodeURIComponent(here)}&cancelUri=${encodeURIComponent(here)}${tenant}`}>
          Continue to NHS login
        </a>
        <div>
          <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => store.set({ declinedLogin: true, step: 'DETAILS' })}>
            Continue without logging in
          </button>
        </div>
        <div className="nhsuk-back-link">
          <button type="button" className="nhsuk-back-link__link app-link-button" onClick={onCancel}>
            Back
          </button>
        </div>
      </>
    );
  } else if (step === 'DETAILS') {
    body = (
      <SchemaForm
        key="details"
        doc={PATIENT_DETAILS}
        params={detailsParams}
        schemaCheck={checks.details}
        initialData={state.details}
        onChange={(data) => store.set({ details: data })}
        onSubmit={detailsDone}
        onBack={loginOffered ? () => store.set({ declinedLogin: false }) : onCancel}
        onCancel={onCancel}
        submitLabel="Next"
      />
    );
  } else {
    body = (
      <SchemaForm
        key={`contact-${String(state.emailRequired)}`}
        doc={CONTACT_DETAILS}
        params={contactParams}
        schemaCheck={checks.contact}
        initialData={state.contact}
        onChange={(data) => store.set({ contact: data })}
        onSubmit={contactDone}
        onBack={() => store.set({ step: 'DETAILS' })}
        onCancel={onCancel}
        submitLabel="Next"
      />
    );
  }

  return (
    <>
      {body}
      <Modal
        open={pending?.kind === 'postcode'}
        title="Postcode not found"
        onClose={() => setPending(undefined)}
        actions={[
          {
            label: 'Yes',
            onClick: () => {
              const details = pending?.kind === 'postcode' ? pending.details : state.details;
              setPending(undefined);
              void afterDetails(details);
            },
          },
          { label: 'No', secondary: true, onClick: () => setPending(undefined) },
        ]}
      >
        <p>This may be a new postcode. Pick Yes to continue if you&apos;re sure it&apos;s right.</p>
      </Modal>
      <Modal
        open={pending?.kind === 'noEmail'}
        title="No email address given"
        onClose={() => setPending(undefined)}
        actions={[
          {
            label: 'Continue',
            onClick: () => {
              const contact = pending?.kind === 'noEmail' ? pending.contact : state.contact;
              setPending(undefined);
              void checkRecord(toPatient(store.get().details, contact));
            },
          },
          { label: 'Add an email address', secondary: true, onClick: () => setPending(undefined) },
        ]}
      >
        <p>We will use the email address we have on record for you.</p>
      </Modal>
      {pending?.kind === 'status' && pending.answer.status !== 'VALIDATED' ? (
        <Modal open title={STATUS_MODALS[pending.answer.status].title} onClose={() => setPending(undefined)}>
          {STATUS_MODALS[pending.answer.status].body.map((text) => (
            <p key={text}>{modalText(text, phone)}</p>
          ))}
        </Modal>
      ) : null}
    </>
  );
}

export function clearPatientDetails(flow: string): void {
  patientDetailsStore(flow).clear();
}
