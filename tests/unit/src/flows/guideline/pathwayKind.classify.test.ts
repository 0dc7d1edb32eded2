import type { PathwayKind } from '../../../../../src/flows/guideline/pathwayKind';
import { describe, expect, it } from 'vitest';
import type { EngineAction, Recommendation } from '../../../../../src/api/engine';
import { classifyRequest, type TriageRequestType } from '../../../../../common';

const rec = (id: string, ...actions: EngineAction[]): Recommendation => ({ id, type: 'Recommendation', title: id, evidence: [], actions });
const referral = (referralId: string, label: string): EngineAction => ({ type: 'Referral', referralId, label });
const selfHelp: EngineAction = { type: 'Management', managementType: 'Self help content', text: 'Rest and fluids' };
const signpost: EngineAction = { type: 'Management', managementType: 'Signpost copy', text: 'See a pharmacist' };

const AE = rec('red-flag', referral('ref-ae', 'A&E'));
const EMERGENCY = rec('emergency', referral('ref-emergency', 'Emergency indication'));
const SAME_DAY = rec('same-day', referral('ref-same-day', 'Same day appointment'));
const ROUTINE = rec('routine', referral('ref-routine', 'Routine appointment'));

const TABLE: Array<{
  name: string;
  guidelineId: string;
  kind: PathwayKind;
  recommendations: Recommendation[];
  overrideReason?: string;
  type: TriageRequestType;
  emergency: boolean;
  selfHelp: boolean;
}> = [
  {
    name: 'routine result',
    guidelineId: 'Triage.SoreThroat',
    kind: 'triage',
    recommendations: [ROUTINE],
    type: 'CONSULTATION_REQUEST',
    emergency: false,
    selfHelp: false,
  },
  {
    name: 'no result at all',
    guidelineId: 'Triage.Headache',
    kind: 'triage',
    recommendations: [],
    type: 'CONSULTATION_REQUEST',
    emergency: false,
    selfHelp: false,
  },
  {
    name: 'top referral ends with A&E',
    guidelineId: 'Triage.CoughCold',
    kind: 'triage',
    recommendations: [AE, ROUTINE],
    type: 'EMERGENCY_INDICATION',
    emergency: true,
    selfHelp: false,
  },
  {
    name: 'top referral ends with Emergency indication',
    guidelineId: 'Triage.Headache',
    kind: 'triage',
    recommendations: [EMERGENCY],
    type: 'EMERGENCY_INDICATION',
    emergency: true,
    selfHelp: false,
  },
  {
    name: 'an A&E referral that is not the top recommendation',
    guidelineId: 'Triage.CoughCold',
    kind: 'triage',
    recommendations: [SAME_DAY, AE],
    type: 'CONSULTATION_REQUEST',
    emergency: false,
    selfHelp: false,
  },
  {
    name: 'A&E with a valid override reason',
    guidelineId: 'Triage.CoughCold',
    kind: 'triage',
    recommendations: [AE],
    overrideReason: 'feeling-better',
    type: 'CONSULTATION_REQUEST',
    emergency: true,
    selfHelp: false,
  },
  {
    name: 'A&E with none_of_the_above (not a valid override)',
    guidelineId: 'Triage.CoughCold',
    kind: 'triage',
    recommendations: [AE],
    overrideReason: 'none_of_the_above',
    type: 'EMERGENCY_INDICATION',
    emergency: true,
    selfHelp: false,
  },
  {
    name: 'A&E with an empty override reason',
    guidelineId: 'Triage.CoughCold',
    kind: 'triage',
    recommendations: [AE],
    overrideReason: '',
    type: 'EMERGENCY_INDICATION',
    emergency: true,
    selfHelp: false,
  },
  {
    name: 'eligibility pathway with an appointment',
    guidelineId: 'Eligibility.FirstContactPhysio',
    kind: 'eligibility',
    recommendations: [ROUTINE],
    type: 'ELIGIBILITY_BOOKING',
    emergency: false,
    selfHelp: false,
  },
  {
    name: 'eligibility pathway with self-help',
    guidelineId: 'Eligibility.FirstContactPhysio',
    kind: 'eligibility',
    recommendations: [rec('self-help', selfHelp)],
    type: 'ELIGIBILITY_BOOKING',
    emergency: false,
    selfHelp: true,
  },
  {
    name: 'eligibility pathway with a signpost',
    guidelineId: 'Eligibility.FluVaccination',
    kind: 'eligibility',
    recommendations: [rec('signpost', signpost)],
    type: 'ELIGIBILITY_BOOKING',
    emergency: false,
    selfHelp: false,
  },
  {
    name: 'self-help on a triage pathway sends no notification',
    guidelineId: 'Triage.SoreThroat',
    kind: 'triage',
    recommendations: [rec('self-help', selfHelp)],
    type: 'CONSULTATION_REQUEST',
    emergency: false,
    selfHelp: false,
  },
  {
    name: 'child pathway',
    guidelineId: 'Form.U16.Fever',
    kind: 'child',
    recommendations: [SAME_DAY],
    type: 'CHILD_REQUEST',
    emergency: false,
    selfHelp: false,
  },
  {
    name: 'child pathway with an A&E result',
    guidelineId: 'Form.U16.Fever',
    kind: 'child',
    recommendations: [AE],
    type: 'EMERGENCY_INDICATION',
    emergency: true,
    selfHelp: false,
  },
  {
    name: 'referral label with trailing space',
    guidelineId: 'Triage.Earache',
    kind: 'triage',
    recommendations: [rec('x', referral('ref-ae', 'Go to A&E '))],
    type: 'EMERGENCY_INDICATION',
    emergency: true,
    selfHelp: false,
  },
  {
    name: 'A&E only inside the label',
    guidelineId: 'Triage.Earache',
    kind: 'triage',
    recommendations: [rec('x', referral('ref-ae', 'A&E or GP'))],
    type: 'CONSULTATION_REQUEST',
    emergency: false,
    selfHelp: false,
  },
];

describe('classifyRequest', () => {
  it.each(TABLE)('$name → $type', ({ kind, recommendations, overrideReason, type, emergency, selfHelp: expectedSelfHelp }) => {
    const result = classifyRequest({ kind, recommendations, ...(overrideReason !== undefined ? { overrideReason } : {}) });
    expect(result).toEqual({ triageRequestType: type, emergency, selfHelpNotification: expectedSelfHelp });
  });
});
