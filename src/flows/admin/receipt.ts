import { yesNoOptions, type FormData, type UiField } from '../../../renderer/index';
import type { SubmissionResponse } from '../../../generated/types/api/submission-response';
import type { AdminRequest } from '../../../generated/types/api/admin-request';
import { loadForm } from '../../forms/loadForm';
import { createFlowStore } from '../sessionFlowStore';
import { format as formatDate, isValid, parseISO } from 'date-fns';
import { nationalPhone } from '../../components/phone';

/** What the confirmation page shows of a sent admin request (README "Admin requests"). */
export interface AdminReceipt {
  reference: string;
  receivedAt: string;
  formLabel: string;
  /** How the practice will reply: by email to…, or by phone on…. */
  reply: string;
  /** Question and answer, as sent. */
  summary: { question: string; answer: string }[];
}

/**
 * The receipt lives in sessionStorage only while the confirmation page may be reloaded; logout
 * clears it with every flow. Without one, /admin-request/complete says nothing was sent.
 */
export const adminReceipt = createFlowStore<{ receipt?: AdminReceipt }>('flow:admin-receipt', () => ({}));

/** The short reference of a request: the first 8 characters of the id the practice stored it under, in capitals. */
export function shortReference(id: string): string {
  return id.replace(/[^A-Za-z0-9]/g, '').slice(0, 8).toUpperCase();
}

export function replyLine(patient: AdminRequest['patient']): string {
  const email = patient.contactDetails?.emailAddress;
  const phone = patient.contactDetails?.preferredContact?.phoneNumber ?? patient.telephone ?? patient.contactDetails?.mobilePhoneNumber;
  if (email) return `The practice will reply by email to ${email}.`;
  if (phone) return `The practice will reply by phone on ${nationalPhone(phone)}.`;
  return 'The practice will reply using the contact details on your record.';
}

function answerText(value: unknown, options: { const?: unknown; title?: string }[] | undefined, ui: UiField | undefined, format?: string): string {
  if (Array.isArray(value)) return value.map((v) => answerText(v, options, ui)).join(', ');
  // A choice sent as { value, label } (ui:options sendAs valueLabel): its label.
  if (value && typeof value === 'object' && 'label' in value && typeof value.label === 'string') return value.label;
  // A phone number in national format, however it was typed.
  if (format === 'uk-phone' && typeof value === 'string') return nationalPhone(value);
  // A date in words, as the form's date boxes mean it ("Monday 30 November 2026", not "2026-11-30").
  if (format === 'date' && typeof value === 'string' && isValid(parseISO(value))) return formatDate(parseISO(value), 'EEEE d MMMM yyyy');
  // A yes/no answer in the words the form showed (renderer/core's Yes / No, or the field's yesLabel / noLabel).
  if (typeof value === 'boolean') return yesNoOptions(ui).find((o) => o.value === value)?.label ?? String(value);
  const option = options?.find((o) => o.const === value);
  return option?.title ?? String(value);
}

/** Builds the receipt from the server's answer and the body that was sent (question titles from the form document). */
export async function makeReceipt(answer: SubmissionResponse, body: AdminRequest, formLabel: string): Promise<AdminReceipt> {
  const envelope = new Set(['formType', 'triageRequestType', 'submittedDate', 'patient', 'associatedRequest']);
  const doc = await loadForm(body.formType).then(
    (form) => form.doc,
    () => undefined,
  );
  const summary = Object.entries(body as FormData)
    .filter(([key, value]) => !envelope.has(key) && value !== undefined && value !== '')
    .map(([key, value]) => {
      const schema = doc?.schema.properties[key] as { title?: string; format?: string; oneOf?: { const?: unknown; title?: string }[]; items?: { oneOf?: { const?: unknown; title?: string }[] } } | undefined;
      return { question: schema?.title ?? key, answer: answerText(value, schema?.oneOf ?? schema?.items?.oneOf, doc?.uiSchema?.[key], schema?.format) };
    });
  return { reference: shortReference(answer.id), receivedAt: answer.receivedAt, formLabel, reply: replyLine(body.patient), summary };
}
