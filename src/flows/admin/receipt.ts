import { answerWords, questionOf, type FormData } from '../../../renderer/index';
import type { SubmissionResponse } from '../../../generated/types/api/submission-response';
import type { AdminRequest } from '../../../generated/types/api/admin-request';
import { loadForm } from '../../forms/loadForm';
import { createFlowState } from '../flowState';
import { replyLine } from '../requestReceipt';
import { shortReference } from '../../../common/index';
import { ANSWER_FORMATS, formReplyTime, type WithFormMenu } from '../../../common';

/** What the confirmation page shows of a sent admin request (README "Admin requests"). */
export interface AdminReceipt {
  reference: string;
  receivedAt: string;
  formLabel: string;
  /** How the practice will reply: by email to…, or by phone on…. */
  reply: string;
  /** When: the form document's menu.reply (src/replyTimes.ts), as the confirmation email says it. Absent on receipts kept from before. */
  replyTime?: string;
  /** Question and answer, as sent. */
  summary: { question: string; answer: string }[];
}

/**
 * The receipt lives in sessionStorage only while the confirmation page may be reloaded; logout
 * clears it with every flow. Without one, /admin-request/complete says nothing was sent.
 */
export const adminReceipt = createFlowState<{ receipt?: AdminReceipt }>('flow:admin-receipt', () => ({}));

export { replyLine };

/** Builds the receipt from the server's answer and the body that was sent (question titles from the form document). */
export async function makeReceipt(answer: SubmissionResponse, body: AdminRequest, formLabel: string): Promise<AdminReceipt> {
  const envelope = new Set(['formType', 'triageRequestType', 'submittedDate', 'patient', 'associatedRequest']);
  const doc = await loadForm(body.formType).then(
    (form) => form.doc,
    () => undefined,
  );
  const summary = Object.entries(body as FormData)
    .filter(([key, value]) => !envelope.has(key) && value !== undefined && value !== '')
    // In the words the form showed (the renderer's answerWords): option labels, Yes/No, "None of
    // the above", dates as "Monday 30 November 2026"; phone numbers in national format (ANSWER_FORMATS).
    .map(([key, value]) => ({ question: questionOf(doc, key), answer: answerWords(doc, key, value, { formats: ANSWER_FORMATS }) }));
  return {
    reference: shortReference(answer.id),
    receivedAt: answer.receivedAt,
    formLabel,
    reply: replyLine(body.patient),
    replyTime: formReplyTime((doc as WithFormMenu | undefined)?.menu?.reply).long,
    summary,
  };
}
