import { ageOn, calendarDate, monthsOn, weeksOn, type FormData, type FormDocument } from '../../../renderer/index';
import { clearPatientDetails } from '../../patient-details/PatientDetailsStep';
import type { Patient } from '../../patient-details/patient';
import { createFlowState } from '../flowState';

/** Flow type of the child request (patient-details store `patient-details:CHILD_REQUEST`, flowConfig key). */
export const CHILD_FLOW = 'CHILD_REQUEST';
/** Child requests are for children aged 15 or under. */
export const CHILD_MAX_AGE = 15;

export interface ChildProxy {
  relation: 'Parent' | 'Legal guardian' | 'I am the child (patient)' | 'Other';
  fullName?: string;
  toChildRelation?: string;
}

export interface ChildPatient extends Patient {
  childProxy: ChildProxy;
}

export interface ChildFlowState {
  /** From "What age is the child?" (YYYY-MM-DD). */
  dateOfBirth?: string;
  /** The checklist page on screen (0-based). */
  checklistPage: number;
  /** Ticks per checklist page, kept over a reload. */
  ticks: Record<string, FormData>;
  /** Set by "They have none of these" on the last checklist page. */
  emergencySymptomsChecked?: boolean;
  /** The last words searched on the child menu (shown again on Back). */
  lastSearch?: string;
  /** After the patient-details step: the child with the proxy (who is asking). */
  patient?: ChildPatient;
}

export const childFlow = createFlowState<ChildFlowState>('flow:child', () => ({ checklistPage: 0, ticks: {} }));

/** "About you" (the child proxy) after the shared patient-details step. */
export interface ProxyStep {
  /** The child's details and the contact details, once the shared step is done. */
  patient?: Patient;
  answers: FormData;
}
export const proxyStep = createFlowState<ProxyStep>('flow:child-proxy', () => ({ answers: {} }));

/** The start of a child request (its first step) forgets any earlier patient. */
export function clearChildFlow(): void {
  childFlow.clear();
  proxyStep.clear();
  clearPatientDetails(CHILD_FLOW);
}

/**
 * Today as the practice counts it: the Europe/London calendar day, the one the server re-checks
 * a child request's age on (server/routes/requests.ts), so both agree at midnight whatever the
 * browser's time zone.
 */
function practiceToday(now: Date): string {
  return calendarDate(now, 'Europe/London');
}

/** The child's age in whole years (renderer/core ageOn), or undefined when the date is not a real date or is after today. */
export function childAge(dateOfBirth: string | undefined, today: Date = new Date()): number | undefined {
  if (!dateOfBirth) return undefined;
  return ageOn(dateOfBirth, practiceToday(today));
}

/** Child screens are only for a child whose age is a number below 16; anything else goes home. */
export function isChildAge(age: number | undefined): age is number {
  return typeof age === 'number' && Number.isFinite(age) && age >= 0 && age <= CHILD_MAX_AGE;
}

export interface ChecklistBand {
  /** The age band as the practice names it. */
  band: '0-12 weeks' | '3-6 months' | '6-12 months' | '12-42 months' | '3.5-10 years' | '10-15 years';
  /** The band's checklist document (schemas/forms/CHILD_EMERGENCY_*.form.json), loaded from the server. */
  formId: string;
}

const CHECKLIST_FORMS: Readonly<Record<ChecklistBand['band'], string>> = {
  '0-12 weeks': 'CHILD_EMERGENCY_0_12_WEEKS',
  '3-6 months': 'CHILD_EMERGENCY_3_6_MONTHS',
  '6-12 months': 'CHILD_EMERGENCY_6_12_MONTHS',
  '12-42 months': 'CHILD_EMERGENCY_12_42_MONTHS',
  '3.5-10 years': 'CHILD_EMERGENCY_3_5_10_YEARS',
  '10-15 years': 'CHILD_EMERGENCY_10_15_YEARS',
};

/**
 * The emergency checklist of the child's age band: under 13 weeks, 13 weeks to under 6 months,
 * 6 to under 12 months, 12 to under 43 months (so the 12–42 months band ends, and the related
 * link changes, at 43 months), 43 months to under 10 years, 10 to 15 years.
 */
export function checklistFor(dateOfBirth: string, today: Date = new Date()): ChecklistBand {
  const day = practiceToday(today);
  // Undefined for a date that is not real or is after today (the child guard lets neither through): the oldest band.
  const weeks = weeksOn(dateOfBirth, day) ?? Infinity;
  const months = monthsOn(dateOfBirth, day) ?? Infinity;
  const years = ageOn(dateOfBirth, day) ?? Infinity;
  let band: ChecklistBand['band'];
  if (weeks < 13) band = '0-12 weeks';
  else if (months < 6) band = '3-6 months';
  else if (months < 12) band = '6-12 months';
  else if (months < 43) band = '12-42 months';
  else if (years < 10) band = '3.5-10 years';
  else band = '10-15 years';
  return { band, formId: CHECKLIST_FORMS[band] };
}

/** One page of a checklist document as a one-page document, so the renderer draws it on its own. */
export function checklistPage(doc: FormDocument, index: number): FormDocument {
  const page = doc.pages[index]!;
  const properties = Object.fromEntries(page.fields.map((f) => [f, doc.schema.properties[f]!]));
  return { ...doc, pages: [page], schema: { ...doc.schema, properties } };
}

/** Whether anything is ticked on a checklist page's answers. */
export function anyTicked(answers: FormData | undefined): boolean {
  return Object.values(answers ?? {}).some((v) => Array.isArray(v) && v.length > 0);
}

/**
 * The child proxy of the CHILD_PROXY answers (schemas/forms/CHILD_PROXY.form.json): the relation,
 * the free text of Other as toChildRelation, and the full name unless the person is the child.
 */
export function toChildProxy(answers: FormData): ChildProxy {
  const relation = String(answers.relation) as ChildProxy['relation'];
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const proxy: ChildProxy = { relation };
  const fullName = relation === 'I am the child (patient)' ? undefined : text(answers.fullName);
  if (fullName) proxy.fullName = fullName;
  const other = relation === 'Other' ? text(answers.otherRelation) : undefined;
  if (other) proxy.toChildRelation = other;
  return proxy;
}
