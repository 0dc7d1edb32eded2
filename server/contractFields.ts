// A stored request keeps only what the contract (schemas/api) defines. The triage request's
// contract leaves extra properties open for the engine's own shapes; without this, each request
// could carry hundreds of kilobytes of anything, stored for the practice to page through.
import type Ajv from 'ajv';
import { withCanonicalPatientPhones } from './identity.js';
import { isJsonObject, type JsonObject } from './json.js';
import type { StoredAssociatedRequest, StoredTriageRequest } from './store/index.js';
import { schemaId } from './validation.js';

/** Fields of a stored triage request the server itself adds (server/triageClassification.ts): the client's claims it corrected. */
const SERVER_FIELDS = ['clientTriageRequestType', 'clientEmergencyOverrideReason'] as const;

function pick(value: JsonObject, keys: ReadonlySet<string>): JsonObject {
  const out: JsonObject = {};
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
 *
 * The request it is given passed the contract's schema (and the server's reclassification, which
 * only sets the contract's own fields), so what it keeps is a StoredTriageRequest.
 */
export function triageRequestKeeper(ajv: Ajv): (triageRequest: JsonObject) => StoredTriageRequest {
  const schema = ajv.getSchema(schemaId('triage-request'))?.schema as ObjectSchema | undefined;
  const properties = schema?.properties ?? {};
  const top = new Set([...Object.keys(properties), ...SERVER_FIELDS]);
  const consultation = new Set(Object.keys(properties.consultation?.properties ?? {}));
  const event = new Set(Object.keys(properties.notificationEvents?.items?.properties ?? {}));
  return (triageRequest) => {
    const out = pick(triageRequest, top);
    // Its phone numbers in one spelling (E.164): what the practice reads and the caps count.
    if (isJsonObject(out.patient)) out.patient = withCanonicalPatientPhones(out.patient);
    if (isJsonObject(out.consultation)) {
      const kept = pick(out.consultation, consultation);
      if (!Array.isArray(out.emergencyQuestions) || out.emergencyQuestions.length === 0) delete kept.committedToConsultGp;
      out.consultation = kept;
    }
    if (Array.isArray(out.notificationEvents)) out.notificationEvents = out.notificationEvents.filter(isJsonObject).map((e) => pick(e, event));
    return out as StoredTriageRequest;
  };
}

/**
 * An associated request as stored when no form re-checks it (PATIENT_REFUSED_UPDATE_CONTACT,
 * UNAUTHENTICATED_CHILD_REQUEST): the contract's fields only. A CHANGE_OF_CONTACT_DETAILS one is
 * re-checked against its form document, which keeps only the form's fields.
 */
export function associatedRequestKeeper(ajv: Ajv): (associated: StoredAssociatedRequest) => StoredAssociatedRequest {
  const schema = ajv.getSchema(schemaId('unverified-requests'))?.schema as ObjectSchema | undefined;
  const keys = new Set(Object.keys(schema?.properties?.associatedRequest?.properties ?? {}));
  return (associated) => {
    const out = pick(associated, keys);
    if (isJsonObject(out.patient)) out.patient = withCanonicalPatientPhones(out.patient);
    return out as StoredAssociatedRequest;
  };
}
