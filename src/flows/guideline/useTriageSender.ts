import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { finishExecution, putCustomData } from '../../api/engine';
import { sendConsultation, sendUnverifiedRequests } from '../../api/requests';
import { newIdempotencyKey } from '../../api/send';
import type { AssociatedRequest, UnverifiedRequests } from '../../../generated/types/api/unverified-requests';
import { useNotifications } from '../../errors/ErrorNotifications';
import { readEntryParams } from '../../session/entryParams';
import { useSettings } from '../../settings/useSettings';
import { EMERGENCY_CONFIRMED_PATH, committedToConsultGp, withSafety } from './safety';
import { clearTriageFlow, dateTime, triageFlow, proxyOn } from './journey';
import { buildConsultation } from './consultationBody';
import type { BuiltConsultation } from './consultationTypes';
import { outcomeWords, topTier } from '../../../common';
import { flowCrisis } from '../../screening/flowCrisis';
import { isChildPathway, pathwayKind, type PathwayKind } from './pathwayKind';
import { replyLine } from '../requestReceipt';
import { shortReference } from '../../../common/index';
import type { SubmissionResponse } from '../../../generated/types/api/submission-response';

/** Where a sent request leaves the patient: the child confirmation for child pathways. */
function confirmationPath(triageRequestType: string): string {
  return triageRequestType === 'CHILD_REQUEST' ? '/child-request/confirmation' : '/triage/thank-you';
}

/** The associated request that goes with the primary one (schemas/api unverified-requests.schema.json). */
export type Associated = AssociatedRequest;

/**
 * A child request (Form.U16 pathway) is sent by a parent or guardian who is not signed in
 * (child requests are unavailable when logged in) and whose child is not checked against the
 * practice record: it goes with the associated UNAUTHENTICATED_CHILD_REQUEST.
 */
const UNAUTHENTICATED_CHILD_REQUEST: Associated = { triageRequestType: 'UNAUTHENTICATED_CHILD_REQUEST', formType: 'UNAUTHENTICATED_CHILD_REQUEST' };

/** The phone-reply choice of a patient with no usable email (the patient-details step): the practice phones them. */
const PHONE_REPLY: Associated = { triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT', formType: 'PATIENT_REFUSED_UPDATE_CONTACT' };

/** The email a patient gave that their record lacks, for the practice to add (the change-of-contact-details form's newEmail). */
function addEmailRequest(newEmail: string): Associated {
  return { triageRequestType: 'CHANGE_OF_CONTACT_DETAILS', formType: 'CHANGE_OF_CONTACT_DETAILS', newEmail };
}

export function associatedFor(kind: PathwayKind, associated: Associated | undefined, replyByPhone = false, addEmail?: string): Associated | undefined {
  if (associated) return associated;
  if (replyByPhone) return PHONE_REPLY;
  if (addEmail) return addEmailRequest(addEmail);
  return isChildPathway({ kind }) ? UNAUTHENTICATED_CHILD_REQUEST : undefined;
}

/**
 * Sends the finished questionnaire once: the consultation (or, with an associated request from
 * the add-contact-details choice, the unverified-requests call) with an Idempotency-Key that
 * every retry of the same request reuses; then `$finish` and submittedOn on the execution; then
 * the patient, the answers and the patient-details step are cleared and the thank-you page shown
 * (or `options.next`, e.g. the self-help thank-you of an eligibility pathway).
 * A failed send keeps everything and re-throws, so the page can offer Send again.
 */
export function useTriageSender() {
  const { settings } = useSettings();
  const navigate = useNavigate();
  const { handleError } = useNotifications();
  return useCallback(
    async (given?: Associated, options: { next?: string } = {}) => {
      const state = triageFlow.get();
      const associated = associatedFor(pathwayKind(state.selection), given, state.replyByPhone === true, state.addEmail);
      const consultation = buildConsultation({ state, settings, channel: readEntryParams().channel, now: new Date() });
      // After the safety check: the safety answers, the override reason and the A&E choice go with it.
      const built = withSafety(consultation, pathwayKind(state.selection), state.safety);
      const body: UnverifiedRequests | BuiltConsultation = associated
        ? {
            primaryRequest: built.triageRequest,
            associatedRequest: { submittedDate: new Date().toISOString(), patient: built.triageRequest.patient, ...associated },
          }
        : built;
      const comparable = (b: unknown) => JSON.stringify(b, (k, v: unknown) => (k === 'submittedDate' ? undefined : v));
      const attempt = state.attempt && comparable(state.attempt.body) === comparable(body) ? state.attempt : { key: newIdempotencyKey(), body };
      triageFlow.set({ attempt });
      let answer: SubmissionResponse;
      try {
        answer = 'primaryRequest' in attempt.body ? await sendUnverifiedRequests(attempt.body, attempt.key) : await sendConsultation(attempt.body, attempt.key);
      } catch (error) {
        if (error instanceof ApiError) handleError(error, { flow: 'medical' });
        throw error;
      }
      const execution = state.execution!;
      const useProxy = state.useProxy ?? proxyOn(settings);
      // The request is with the practice: what follows is the engine's bookkeeping and must not stop the patient.
      await finishExecution(
        execution.identifier,
        { acceptedRecommendationIds: execution.recommendations.map((r) => r.id), committedToConsultGp: committedToConsultGp(state.safety) },
        useProxy,
      ).catch(() => undefined);
      await putCustomData(execution.identifier, [dateTime('submittedOn', new Date().toISOString())], useProxy).catch(() => undefined);
      const triageRequestType = built.triageRequest.triageRequestType;
      const attendingAE = state.safety?.choice === 'ATTEND_AE';
      // What the last screen says to do and by when, and whether it shows the crisis contacts.
      const tier = topTier(execution.recommendations);
      const crisis = flowCrisis(state);
      clearTriageFlow();
      const receipt = {
        reference: shortReference(answer.id),
        receivedAt: answer.receivedAt,
        what: state.selection?.label ?? 'Medical request',
        reply: replyLine(built.triageRequest.patient),
      };
      triageFlow.set({
        sent: {
          executionId: execution.identifier,
          useProxy,
          triageRequestType,
          receipt,
          words: outcomeWords(execution.recommendations),
          ...(tier ? { tier } : {}),
          ...(crisis ? { crisis } : {}),
        },
      });
      await navigate(attendingAE ? EMERGENCY_CONFIRMED_PATH : (options.next ?? confirmationPath(triageRequestType)), { replace: true });
    },
    [handleError, navigate, settings],
  );
}
