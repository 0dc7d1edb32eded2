// The embedded guideline engine: executions of the pathway documents, kept in SQLite so a
// restart mid-questionnaire loses nothing. Every answer is re-checked with renderer/core
// (prune, then validate), exactly as the app checked it. Contract: schemas/questionnaires/README.md.
import { randomUUID } from 'node:crypto';
import { fromObservations, prune, toObservations, validate, type FormData } from '../../renderer/core/index';
import { ageOn, calendarDate } from '../../renderer/core/dates';
import type { Db } from '../db.js';
import { HttpError, type ErrorDetail } from '../errors.js';
import type { LoadedPathway, PathwayLibrary, QuestionnaireItem } from './library.js';
import { evaluatePathway, type PathwayOutcome } from './pathway.js';

export type ExecutionStatus = 'IN_PROGRESS' | 'COMPLETED' | 'STOPPED' | 'FINISHED';

export interface CustomDataEntry {
  key: string;
  type: 'STRING' | 'BOOLEAN' | 'DATE_TIME';
  value: string | boolean;
}

export interface Recommendation {
  id: string;
  type: PathwayOutcome['recommendation']['type'];
  title: string;
  evidence: string[];
  actions: PathwayOutcome['recommendation']['actions'];
}

export interface Feedback {
  acceptedRecommendationIds?: string[];
  rejectedRecommendationIds?: string[];
  committedToConsultGp?: boolean;
}

/** What is stored of an execution (the `state` column, JSON). */
interface ExecutionState {
  version: string;
  params: { patientAge: number; sexAtBirth: 'female' | 'male' };
  customData: CustomDataEntry[];
  /** Pruned answers by section id (only sections on `path`). */
  answers: Record<string, FormData>;
  /** Section ids shown so far, document order; the last is the current one while IN_PROGRESS. */
  path: string[];
  /** Frozen when the execution completes. */
  recommendations: Recommendation[];
  feedback?: Feedback;
  doctorId?: string;
  customContext?: unknown;
}

interface ExecutionRecord {
  id: string;
  guidelineId: string;
  status: ExecutionStatus;
  state: ExecutionState;
}

/**
 * Who asks for an execution: the browser that started it (the digest of its engine key, see
 * server/routes/engine.ts), or the practice (signed-in staff, or the server itself re-checking a
 * submitted request). An execution holds the patient's age, sex and answers, so anyone else gets
 * the same 404 as for an id that does not exist.
 */
export type ExecutionAccess = { readonly owner: string } | { readonly practice: true };
export const PRACTICE_ACCESS: ExecutionAccess = { practice: true };

export interface ExecutionView {
  identifier: string;
  guidelineId: string;
  version: string;
  status: ExecutionStatus;
  customData: CustomDataEntry[];
  recommendations: Recommendation[];
  requiredData: QuestionnaireItem[];
  section: null | {
    id: string;
    number: number;
    title: string;
    document: unknown;
    parameters: Record<string, unknown>;
    answers: FormData;
  };
  responseData: ReturnType<typeof toObservations>;
  feedback?: Feedback;
}

export interface StartBody {
  patient: { dateOfBirth: string; sexAtBirth: 'female' | 'male' };
  doctorId?: string;
  customData?: CustomDataEntry[];
  version?: string;
  customContext?: unknown;
}

export interface ContinueBody {
  sectionId: string;
  responseData: unknown[];
}

const ENDED: ReadonlySet<ExecutionStatus> = new Set(['STOPPED', 'FINISHED']);

function upsertEntries(list: CustomDataEntry[], entries: readonly CustomDataEntry[]): CustomDataEntry[] {
  const out = [...list];
  for (const e of entries) {
    const i = out.findIndex((x) => x.key === e.key);
    const entry = { key: e.key, type: e.type, value: e.value };
    if (i >= 0) out[i] = entry;
    else out.push(entry);
  }
  return out;
}

export class GuidelineEngine {
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly selectStmt;

  constructor(
    db: Db,
    readonly library: PathwayLibrary,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.insertStmt = db.prepare('INSERT INTO guideline_executions (id, guideline_id, status, state, created_at, updated_at, owner) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.updateStmt = db.prepare('UPDATE guideline_executions SET status = ?, state = ?, updated_at = ? WHERE id = ?');
    this.selectStmt = db.prepare('SELECT id, guideline_id, status, state, owner FROM guideline_executions WHERE id = ?');
  }

  // ------------------------------------------------------------------ guidelines

  list(): Array<Record<string, unknown>> {
    return this.library
      .all()
      .filter((p) => !p.doc.disabled)
      .map((p) => p.summary);
  }

  summary(guidelineId: string): Record<string, unknown> {
    const p = this.library.get(guidelineId);
    if (!p || p.doc.disabled) throw new HttpError(404, `No guideline ${guidelineId}`);
    return p.summary;
  }

  // ------------------------------------------------------------------ executions

  /** Starts an execution owned by `owner` (the digest of the starting browser's engine key). */
  start(guidelineId: string, body: StartBody, owner: string): ExecutionView {
    const p = this.library.get(guidelineId);
    if (!p) throw new HttpError(404, `No guideline ${guidelineId}`);
    if (p.doc.disabled) throw new HttpError(422, `Guideline ${guidelineId} is not available at present`, { code: 'NOT_AVAILABLE' });
    if (body.version !== undefined && body.version !== p.doc.version) {
      throw new HttpError(422, `Version ${body.version} of guideline ${guidelineId} is not available at present (current: ${p.doc.version})`, { code: 'NOT_AVAILABLE' });
    }
    const today = this.now();
    // The practice's calendar day (as the form re-check counts ages); undefined for a date that is not real or in the future.
    const age = ageOn(body.patient.dateOfBirth, calendarDate(today, 'Europe/London'));
    if (age === undefined || age < 0) {
      throw new HttpError(400, 'body/patient/dateOfBirth must be a real date, not in the future', {
        details: [{ path: '/patient/dateOfBirth', message: 'must be a real date, not in the future' }],
      });
    }
    const r = p.doc.restrictions;
    if (r && ((r.minAge !== undefined && age < r.minAge) || (r.maxAge !== undefined && age > r.maxAge))) {
      const range = r.maxAge === undefined ? `${r.minAge} and over` : r.minAge === undefined ? `up to ${r.maxAge}` : `${r.minAge} to ${r.maxAge}`;
      throw new HttpError(422, `Guideline ${guidelineId} is for patients aged ${range}`, { code: 'RESTRICTED_BY_AGE' });
    }
    if (r?.sexAtBirth !== undefined && body.patient.sexAtBirth !== r.sexAtBirth) {
      throw new HttpError(422, `Guideline ${guidelineId} is for patients whose sex at birth is ${r.sexAtBirth}`, { code: 'RESTRICTED_BY_SEX' });
    }
    const rec: ExecutionRecord = {
      id: randomUUID(),
      guidelineId,
      status: 'IN_PROGRESS',
      state: {
        version: p.doc.version,
        params: { patientAge: age, sexAtBirth: body.patient.sexAtBirth },
        customData: upsertEntries([], body.customData ?? []),
        answers: {},
        path: [],
        recommendations: [],
        ...(body.doctorId !== undefined ? { doctorId: body.doctorId } : {}),
        ...(body.customContext !== undefined ? { customContext: body.customContext } : {}),
      },
    };
    this.advance(p, rec, -1);
    const at = today.toISOString();
    this.insertStmt.run(rec.id, rec.guidelineId, rec.status, JSON.stringify(rec.state), at, at, owner);
    return this.view(p, rec);
  }

  get(id: string, access: ExecutionAccess): ExecutionView {
    const rec = this.load(id, access);
    return this.view(this.pathwayOf(rec), rec);
  }

  continue(id: string, body: ContinueBody, access: ExecutionAccess): ExecutionView {
    const rec = this.load(id, access);
    this.assertOpen(rec, '$continue');
    const p = this.pathwayOf(rec);
    const k = rec.state.path.indexOf(body.sectionId);
    const section = p.sectionById.get(body.sectionId);
    if (k < 0 || !section) {
      const current = rec.status === 'IN_PROGRESS' ? rec.state.path[rec.state.path.length - 1] : undefined;
      const message = `sectionId "${body.sectionId}" is neither the current section${current ? ` ("${current}")` : ''} nor one shown before`;
      throw new HttpError(400, `body/sectionId: ${message}`, { details: [{ path: '/sectionId', message }] });
    }
    const { data, problems } = fromObservations({ id: section.section.id, document: section.document }, body.responseData);
    if (problems.length > 0) throw badAnswers(problems.map((pr) => ({ path: pr.path, message: pr.message })));
    const today = this.now();
    const params = rec.state.params;
    const pruned = prune(section.document, data, params, today).data;
    const errors = validate(section.document, pruned, { params, today });
    if (errors.length > 0) throw badAnswers(errors.map((e) => ({ path: e.path, message: e.message })));

    for (const later of rec.state.path.slice(k + 1)) delete rec.state.answers[later];
    rec.state.path = rec.state.path.slice(0, k + 1);
    rec.state.answers[section.section.id] = pruned;
    rec.state.recommendations = [];
    this.advance(p, rec, section.index);
    this.save(rec);
    return this.view(p, rec);
  }

  stop(id: string, access: ExecutionAccess): ExecutionView {
    const rec = this.load(id, access);
    this.assertOpen(rec, '$stop');
    rec.status = 'STOPPED';
    this.save(rec);
    return this.view(this.pathwayOf(rec), rec);
  }

  finish(id: string, feedback: Feedback, access: ExecutionAccess): ExecutionView {
    const rec = this.load(id, access);
    this.assertOpen(rec, '$finish');
    if (rec.status !== 'COMPLETED') throw new HttpError(409, `Execution ${id} still has questions to answer: only a COMPLETED execution can be finished`);
    const known = new Set(rec.state.recommendations.map((r) => r.id));
    const details: ErrorDetail[] = [];
    for (const key of ['acceptedRecommendationIds', 'rejectedRecommendationIds'] as const) {
      (feedback[key] ?? []).forEach((rid, i) => {
        if (!known.has(rid)) details.push({ path: `/${key}/${i}`, message: `"${rid}" is not a recommendation of this execution` });
      });
    }
    if (details.length > 0) throw new HttpError(400, details.map((d) => `body${d.path}: ${d.message}`).join('; '), { details });
    rec.status = 'FINISHED';
    rec.state.feedback = feedback;
    this.save(rec);
    return this.view(this.pathwayOf(rec), rec);
  }

  putCustomData(id: string, entries: readonly CustomDataEntry[], access: ExecutionAccess): ExecutionView {
    const rec = this.load(id, access);
    rec.state.customData = upsertEntries(rec.state.customData, entries);
    this.save(rec);
    return this.view(this.pathwayOf(rec), rec);
  }

  removeCustomData(id: string, keys: readonly string[], access: ExecutionAccess): ExecutionView {
    const rec = this.load(id, access);
    const drop = new Set(keys);
    rec.state.customData = rec.state.customData.filter((e) => !drop.has(e.key));
    this.save(rec);
    return this.view(this.pathwayOf(rec), rec);
  }

  clearCustomData(id: string, access: ExecutionAccess): ExecutionView {
    return this.removeCustomData(id, this.load(id, access).state.customData.map((e) => e.key), access);
  }

  /** SCORE observations: every NUMERIC answer stored, section order. */
  observations(id: string, access: ExecutionAccess): { observations: Array<{ identifier: string; value: number; unit?: string }> } {
    const rec = this.load(id, access);
    this.assertOpen(rec, '$observations');
    const out: Array<{ identifier: string; value: number; unit?: string }> = [];
    for (const o of this.responseData(this.pathwayOf(rec), rec)) {
      if (o.observationType !== 'NUMERIC') continue;
      const a = o.answer[0];
      if (a && typeof a.value === 'number') out.push({ identifier: o.identifier, value: a.value, ...(a.unit ? { unit: a.unit } : {}) });
    }
    return { observations: out };
  }

  // ------------------------------------------------------------------ internals

  /** Moves to the first eligible section after document index `from`, or completes. */
  private advance(p: LoadedPathway, rec: ExecutionRecord, from: number): void {
    const all: FormData = {};
    for (const sid of rec.state.path) Object.assign(all, rec.state.answers[sid]);
    const ev = evaluatePathway(p.conditions, all, rec.state.params, this.now());
    for (let i = from + 1; i < p.sections.length; i++) {
      if (ev.section(i)) {
        rec.state.path.push(p.sections[i]!.section.id);
        rec.status = 'IN_PROGRESS';
        return;
      }
    }
    rec.status = 'COMPLETED';
    rec.state.recommendations = p.doc.outcomes
      .filter((_o, i) => ev.outcome(i))
      .map((o) => ({ id: o.id, type: o.recommendation.type, title: o.recommendation.title, evidence: o.recommendation.evidence, actions: o.recommendation.actions }));
  }

  private responseData(p: LoadedPathway, rec: ExecutionRecord): ExecutionView['responseData'] {
    const out: ExecutionView['responseData'] = [];
    for (const sid of rec.state.path) {
      const s = p.sectionById.get(sid);
      const answers = rec.state.answers[sid];
      if (s && answers) out.push(...toObservations({ id: sid, document: s.document }, answers));
    }
    return out;
  }

  private view(p: LoadedPathway, rec: ExecutionRecord): ExecutionView {
    const current = rec.status === 'IN_PROGRESS' ? p.sectionById.get(rec.state.path[rec.state.path.length - 1] ?? '') : undefined;
    return {
      identifier: rec.id,
      guidelineId: rec.guidelineId,
      version: rec.state.version,
      status: rec.status,
      customData: rec.state.customData,
      recommendations: rec.state.recommendations,
      requiredData: current ? current.items : [],
      section: current
        ? {
            id: current.section.id,
            number: rec.state.path.length,
            title: current.document.title,
            document: current.document,
            parameters: { ...rec.state.params },
            answers: rec.state.answers[current.section.id] ?? {},
          }
        : null,
      responseData: this.responseData(p, rec),
      ...(rec.state.feedback ? { feedback: rec.state.feedback } : {}),
    };
  }

  private assertOpen(rec: ExecutionRecord, call: string): void {
    if (ENDED.has(rec.status)) throw new HttpError(409, `Execution ${rec.id} is ${rec.status}: ${call} is refused`);
  }

  private pathwayOf(rec: ExecutionRecord): LoadedPathway {
    const p = this.library.get(rec.guidelineId);
    if (!p) throw new HttpError(410, `Guideline ${rec.guidelineId} of execution ${rec.id} is no longer served`);
    return p;
  }

  private load(id: string, access: ExecutionAccess): ExecutionRecord {
    const row = this.selectStmt.get(id) as { id: string; guideline_id: string; status: ExecutionStatus; state: string; owner: string | null } | undefined;
    if (!row || !('practice' in access || (row.owner !== null && row.owner === access.owner))) throw new HttpError(404, `No guideline execution ${id}`);
    return { id: row.id, guidelineId: row.guideline_id, status: row.status, state: JSON.parse(row.state) as ExecutionState };
  }

  private save(rec: ExecutionRecord): void {
    this.updateStmt.run(rec.status, JSON.stringify(rec.state), this.now().toISOString(), rec.id);
  }
}

function badAnswers(problems: ErrorDetail[]): HttpError {
  const details = problems.map((p) => ({ path: p.path.startsWith('responseData') ? `/${p.path}` : `/responseData/${p.path}`, message: p.message }));
  return new HttpError(400, details.map((d) => `body${d.path}: ${d.message}`).join('; '), { details });
}
