import type { AdminFormId } from '../../generated/types/api/admin-form-id';
import { ADMIN_FORM_TYPE_VALUES, type AdminFormType as ApiFormType } from '../../generated/types/api/admin-form-type';
import type { AdminFormDescriptor, AllSettings } from './types';

export const CHANGE_OF_CONTACT_DETAILS = 'CHANGE_OF_CONTACT_DETAILS' as const satisfies ApiFormType;

/**
 * An admin form a patient can pick: any form the practice's server has loaded with a menu entry
 * (a built-in one or a practice's own document), by its id; never the standalone change
 * of contact details.
 */
export type AdminFormType = AdminFormId;
/** The built-in admin forms (the contract's enum), for tests and demo data. */
export const ADMIN_FORM_TYPES: readonly string[] = ADMIN_FORM_TYPE_VALUES.filter((t) => t !== CHANGE_OF_CONTACT_DETAILS);
/** An admin form id as the contract spells one (schemas/api/admin-form-id.schema.json). */
const ADMIN_FORM_ID = /^[A-Z][A-Z0-9_]{0,63}$/;

export function isAdminFormType(value: string | null | undefined): value is AdminFormType {
  return typeof value === 'string' && ADMIN_FORM_ID.test(value) && value !== CHANGE_OF_CONTACT_DETAILS;
}

/**
 * The admin forms this patient may use: those the practice lists in `forms` AND enables in
 * `patientEnabledForms` (the server lists only forms it has a document for, and the app takes
 * every document from the server, so a practice's own form shows without a rebuild). The home page's admin card and the admin menu both ask
 * this one function.
 */
export function enabledAdminForms(adminForms: AllSettings['adminForms']): (AdminFormDescriptor & { type: AdminFormType })[] {
  const enabled = new Set<string>(adminForms.patientEnabledForms ?? []);
  return (adminForms.forms ?? []).filter((f): f is AdminFormDescriptor & { type: AdminFormType } => enabled.has(f.type) && isAdminFormType(f.type));
}
