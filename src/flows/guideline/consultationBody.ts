// The consultation the app sends for a finished questionnaire, built from the journey's state.
import type { Consultation } from '../../../generated/types/api/triage-request';
import type { AllSettings } from '../../settings/types';
import { readEntryParams, type EntryParams } from '../../session/entryParams';
import { classifyRequest, topReferral } from '../../../common';
import type { TriageFlowState } from './journey';
import type { BuiltConsultation, BuiltTriageRequest } from './consultationTypes';
import { pathwayKind } from './pathwayKind';

export interface BuildInputs {
  state: TriageFlowState;
  settings: AllSettings;
  channel?: string;
  now: Date;
  /**
   * The home page's type and appointmentType (src/session/entryParams.ts): the practice's link
   * says what the request is for and which appointment type it offers; the consultation carries
   * them as `entryType` and `appointmentType` (default routine). Default: what this session holds.
   */
  entry?: Pick<EntryParams, 'type' | 'appointmentType'>;
}

type Channel = NonNullable<Consultation['channel']>;
const CHANNELS: readonly Channel[] = ['SMS', 'EMAIL', 'PAGE', 'NONE'];
const isChannel = (channel: string | undefined): channel is Channel => CHANNELS.includes(channel as Channel);

/**
 * The consultation body (schemas/api/consultation-request.schema.json): the full triage request
 * and its context. responseData is the engine's (hidden questions are never in it), each answer
 * with the question's label and its option labels so the practice reads words, not ids.
 */
export function buildConsultation({ state, settings, channel, now, entry = readEntryParams() }: BuildInputs): BuiltConsultation {
  const execution = state.execution;
  const selection = state.selection;
  if (!execution || !selection || !state.patient) throw new Error('The questionnaire is not finished');
  const classification = classifyRequest({ kind: pathwayKind(selection), recommendations: execution.recommendations });
  const referral = topReferral(execution.recommendations);
  const urgency = referral ? settings.urgencyByReferralId[referral.referralId] : undefined;
  const responseData = execution.responseData.map((o) => {
    const label = state.labels[o.identifier];
    return {
      ...o,
      ...(label ? { label: label.label } : {}),
      answer: o.answer.map((a) => {
        const optionLabel = label?.options?.[String(a.value)];
        return optionLabel ? { ...a, label: optionLabel } : a;
      }),
    };
  });
  const contact = state.patient.contactDetails;
  const notificationEvents: Array<Record<string, string>> = [];
  if (contact?.emailAddress) notificationEvents.push({ channel: 'EMAIL', event: 'REQUEST_RECEIVED' });
  if (contact?.mobilePhoneNumber && settings.notificationConfig.sms?.enabled) notificationEvents.push({ channel: 'SMS', event: 'REQUEST_RECEIVED' });
  if (classification.selfHelpNotification) notificationEvents.push({ channel: 'EMAIL', event: 'SELF_HELP' });
  const finishedOn = state.finishedOn ?? now.toISOString();
  const triageRequest: BuiltTriageRequest = {
    patient: state.patient,
    triageRequestType: classification.triageRequestType,
    responseData,
    consultation: {
      finish: finishedOn,
      guidelineName: selection.label,
      executionId: execution.identifier,
      channel: isChannel(channel) ? channel : 'PAGE',
      type: classification.triageRequestType,
      conditionLabel: selection.label,
      domain: execution.guidelineId.split('.')[0] ?? 'Triage',
      guidelineId: execution.guidelineId,
      pathwayVersion: execution.version,
      submittedFrom: 'PATIENT_APP',
      usedGuidelines: [execution.guidelineId],
      ...(referral ? { referralId: referral.referralId, referralLabel: referral.label } : {}),
      ...(urgency ? { urgency: urgency.urgency, urgencyColour: urgency.colour } : {}),
      isAiLed: state.aiLed === true,
      appointmentType: entry.appointmentType,
      ...(entry.type ? { entryType: entry.type } : {}),
    },
    guidelineExecution: {
      identifier: execution.identifier,
      status: execution.status,
      recommendations: execution.recommendations,
    },
    ...(state.patientContext ? { patientContext: state.patientContext } : {}),
    notificationEvents,
  };
  return {
    triageRequest,
    context: { reasonInInbox: 'NO_APPOINTMENTS' as const, appointmentsPresented: false, guidelineFinishedOn: finishedOn },
  };
}
