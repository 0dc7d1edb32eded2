// A stored request keeps only what the contract (schemas/api) defines. The triage request's
// contract leaves extra properties open for the engine's own shapes; without this, each request
// could carry hundreds of kilobytes of anything, stored for the practice to page through.
import type Ajv from 'ajv';
import { withCanonicalPatientPhones } from './identity.js';
import { schemaId } from './validation.js';

type Body = Record<string, unknown>;

/** Fields of a stored triage request the server itself adds (server/triageClassification.ts): the client's claims it corrected. */
const SERVER_FIELDS = ['clientTriageRequestType', 'clientEmergencyOverrideReason'] as const;

const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

function pick(value: Body, keys: ReadonlySet<string>): Body {
  const out: Body = {};
  for (const [k, v] of Object.entries(value)) if (keys.has(k)) out[k] = v;
  return out;
}

interface ObjectSchema {
  properties?: Record<string, ObjectSchema & { items?: ObjectSchema }>;
}

/**
 * The triage request as stored: the contract's top-level fields (and the server's corrections),
 * the contract's consultation fields, and notification events as { channel, event }. The A&E
 * choice (`committedToConsultGp`) only counts with the safety answers the engine recorded
 * (`emergencyQuestions`, set by the server): a client-set `false` on a request that never went
 * through the safety check would have the inbox say that the patient will attend A&E.
 */
export function triageRequestKeeper(ajv: Ajv): (triageRequest: Body) => Body {
  const schema = ajv.getSchema(schemaId('triage-request'))?.schema as ObjectSchema | undefined;
  const properties = schema?.properties ?? {};
  const top = new Set([...Object.keys(properties), ...SERVER_FIELDS]);
  const consultation = new Set(Object.keys(properties.consultation?.properties ?? {}));
  const event = new Set(Object.keys(properties.notificationEvents?.items?.properties ?? {}));
  return (triageRequest) => {
    const out = pick(triageRequest, top);
    // Its phone numbers in one spelling (E.164): what the practice reads and the caps count.
    if (isObject(out.patient)) out.patient = withCanonicalPatientPhones(out.patient);
    if (isObject(out.consultation)) {
      const kept = pick(out.consultation, consultation);
      if (!Array.isArray(out.emergencyQuestions) || out.emergencyQuestions.length === 0) delete kept.committedToConsultGp;
      out.consultation = kept;
    }
    if (Array.isArray(out.notificationEvents)) out.notificationEvents = out.notificationEvents.filter(isObject).map((e) => pick(e, event));
    return out;
  };
}

/**
 * An associated request as stored when no form re-checks it (PATIENT_REFUSED_UPDATE_CONTACT,
 * UNAUTHENTICATED_CHILD_REQUEST): the contract's fields only. A CHANGE_OF_CONTACT_DETAILS one is
 * re-checked against its form document, which keeps only the form's fields.
 */
export function associatedRequestKeeper(ajv: Ajv): (associated: Body) => Body {
  const schema = ajv.getSchema(schemaId('unverified-requests'))?.schema as ObjectSchema | undefined;
  const keys = new Set(Object.keys(schema?.properties?.associatedRequest?.properties ?? {}));
  return (associated) => {
    const out = pick(associated, keys);
    if (isObject(out.patient)) out.patient = withCanonicalPatientPhones(out.patient);
    return out;
  };
}
