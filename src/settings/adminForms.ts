import { ADMIN_FORM_TYPE_VALUES, type AdminFormType as ApiFormType } from '../../generated/types/api/admin-form-type';
import type { AdminFormDescriptor, AllSettings } from './types';

export const CHANGE_OF_CONTACT_DETAILS = 'CHANGE_OF_CONTACT_DETAILS' as const satisfies ApiFormType;

/** The admin forms a patient can pick: the contract's form types but the standalone change of contact details. */
export type AdminFormType = Exclude<ApiFormType, typeof CHANGE_OF_CONTACT_DETAILS>;
export const ADMIN_FORM_TYPES: readonly AdminFormType[] = ADMIN_FORM_TYPE_VALUES.filter(
  (t): t is AdminFormType => t !== CHANGE_OF_CONTACT_DETAILS,
);

export function isAdminFormType(value: string | null | undefined): value is AdminFormType {
  return typeof value === 'string' && (ADMIN_FORM_TYPES as readonly string[]).includes(value);
}

/**
 * The admin forms this patient may use: those the practice lists in `forms` AND enables in
 * `patientEnabledForms`, and that the app knows (a type it has no form for is left out rather
 * than shown and then bounced home). The home page's admin card and the admin menu both ask
 * this one function.
 */
export function enabledAdminForms(adminForms: AllSettings['adminForms']): (AdminFormDescriptor & { type: AdminFormType })[] {
  const enabled = new Set<string>(adminForms.patientEnabledForms ?? []);
  return (adminForms.forms ?? []).filter((f): f is AdminFormDescriptor & { type: AdminFormType } => enabled.has(f.type) && isAdminFormType(f.type));
}
