import { useSearchParams } from 'react-router-dom';
import { useSettings } from '../../settings/useSettings';
import type { AdminFormId as ApiFormType } from '../../../generated/types/api/admin-form-id';
import { enabledForms, isAdminFormType, CHANGE_OF_CONTACT_DETAILS } from './adminFlow';

export const PATIENT_REGISTRATION_FORM = 'PATIENT_REGISTRATION_FORM';

export type AdminFormAccess =
  | { kind: 'home' }
  | { kind: 'menu' }
  | { kind: 'ok'; type: ApiFormType; label: string; requiresPatientRecord: boolean };

/**
 * Which admin form `?request=` selects (README "Admin requests"): an unknown type goes home; a form not
 * enabled for the patient goes to the admin menu.
 */
export function useAdminFormAccess(): AdminFormAccess {
  const [params] = useSearchParams();
  const { settings } = useSettings();
  const type = params.get('request');
  if (type === CHANGE_OF_CONTACT_DETAILS) {
    return { kind: 'ok', type, label: 'Change your contact details', requiresPatientRecord: true };
  }
  if (!isAdminFormType(type)) return { kind: 'home' };
  const form = enabledForms(settings).find((f) => f.type === type);
  if (!form) return { kind: 'menu' };
  // The registration form is for people who are not yet patients, so it never asks for a record,
  // whatever the practice's settings say (README "Admin requests").
  const requiresPatientRecord = type !== PATIENT_REGISTRATION_FORM && form.requiresPatientRecord === true;
  return { kind: 'ok', type, label: form.label, requiresPatientRecord };
}
