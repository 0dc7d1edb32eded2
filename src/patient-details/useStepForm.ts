import { useEffect, useMemo } from 'react';
import { resolveParameters } from '../../renderer/index';
import { prefetchForms, type LoadedForm } from '../forms/loadForm';
import { useForm } from '../forms/useForm';
import type { PatientDetailsState } from './patientDetailsState';
import { STEP_FORM_IDS, type StepRewording } from './steps/forms';
import type { PatientDetailsFlow } from './usePatientDetailsFlow';

/** The form document each screen draws (the login choice draws none). */
const SCREEN_FORM: Record<PatientDetailsState | 'loggedIn', string | undefined> = {
  LOGIN_CHOICE: undefined,
  DETAILS: STEP_FORM_IDS.details,
  CONTACT_DETAILS: STEP_FORM_IDS.contact,
  loggedIn: STEP_FORM_IDS.loggedIn,
};

/**
 * Fetching the screen's form document, reworded for who is asking, and the parameters it is
 * drawn with. Each screen's document comes from the server; the next screen's is fetched while
 * the patient reads this one, so Next draws it at once.
 */
export function useStepForm(f: PatientDetailsFlow, skipPatientValidation: boolean, reword: StepRewording | undefined) {
  const loading = useForm(SCREEN_FORM[f.screen]);
  const loaded = loading.status === 'ready' ? loading.form : undefined;
  useEffect(() => {
    if (f.screen === 'LOGIN_CHOICE') prefetchForms(STEP_FORM_IDS.details, STEP_FORM_IDS.contact);
    else if (f.screen === 'DETAILS' && !skipPatientValidation) prefetchForms(STEP_FORM_IDS.contact);
  }, [f.screen, skipPatientValidation]);
  const form = useMemo((): LoadedForm | undefined => {
    if (!loaded) return undefined;
    const words = f.screen === 'DETAILS' ? reword?.details : f.screen === 'CONTACT_DETAILS' ? reword?.contact : undefined;
    return words ? { ...loaded, doc: words(loaded.doc) } : loaded;
  }, [loaded, f.screen, reword]);
  const { loggedInContext, contactContext } = f;
  const emailRequired = f.state.emailRequired;
  const params = useMemo(() => {
    if (!form) return {};
    if (f.screen === 'loggedIn') return resolveParameters(form.doc, loggedInContext);
    if (f.screen === 'CONTACT_DETAILS') return { ...resolveParameters(form.doc, contactContext), emailRequired };
    return {};
  }, [form, f.screen, loggedInContext, contactContext, emailRequired]);
  return { loading, form, params };
}
