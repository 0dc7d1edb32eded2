import { useSearchParams } from 'react-router-dom';
import { useSettings } from '../../settings/useSettings';
import type { AdminFormId as ApiFormType } from '../../../generated/types/api/admin-form-id';
import { enabledForms, isAdminFormType, CHANGE_OF_CONTACT_DETAILS } from './adminFlow';

const PATIENT_REGISTRATION_FORM = 'PATIENT_REGISTRATION_FORM';

export type AdminFormAccess = { kind: 'home' } | { kind: 'menu' } | { kind: 'ok'; type: ApiFormType; label: string; requiresPatientRecord: boolean };

/**
 * Which admin form `?request=` selects (README "Admin requests"): a type the practice's forms do not list goes home; a form not
 * enabled for the patient goes to the admin menu.
 */
export function useAdminFormAccess(): AdminFormAccess {
  const [params] = useSearchParams();
  const { settings } = useSettings();
  const type = params.get('request');
  if (type === CHANGE_OF_CONTACT_DETAILS) {
    return { kind: 'ok', type, label: 'Change your contact details', requiresPatientRecord: true };
  }
  // A form the practice has (a menu entry in its settings: built-in or from its own folder) or one
  // the contract names; anything else is not a form at all.
  if (!isAdminFormType(type) || !settings.adminForms.forms.some((f) => f.type === type)) return { kind: 'home' };
  const form = enabledForms(settings).find((f) => f.type === type);
  if (!form) return { kind: 'menu' };
  // The registration form is for people who are not yet patients, so it never asks for a record,
  // whatever the practice's settings say (README "Admin requests").
  const requiresPatientRecord = type !== PATIENT_REGISTRATION_FORM && form.requiresPatientRecord === true;
  return { kind: 'ok', type, label: form.label, requiresPatientRecord };
}
