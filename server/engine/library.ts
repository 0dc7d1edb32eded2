// The pathway library the embedded engine serves: schemas/questionnaires/*.json read once at
// start, with what every call needs worked out once (condition document, requiredData items).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { QuestionnaireItem } from '../../generated/types/api/engine-execution';
import type { GuidelineSummary } from '../../generated/types/api/engine-guideline-summary';
import {
  NONE_OF_THE_ABOVE,
  NONE_OF_THE_ABOVE_LABEL,
  OBSERVATION_TYPES,
  documentFields,
  observationTypeOf,
  schemaOptions,
  type FormDocument,
} from '../../renderer/core/index';
import { EMERGENCY_TIERS, expandPathway, readSharedSections, sharedDirOf, type ExpandedPathway, type SharedSection } from './hierarchy.js';
import { conditionDocument } from './conditions.js';
import type { Pathway, PathwaySection } from './pathway.js';

/** A requiredData item of an execution (the contract's, schemas/api/engine-execution.schema.json). */
interface LoadedSection {
  index: number;
  section: PathwaySection;
  document: FormDocument;
  items: QuestionnaireItem[];
}

export interface LoadedPathway {
  /** The document with its `{ "use": … }` sections expanded (shared outcomes first). */
  doc: ExpandedPathway;
  /** Sections and outcomes' conditions as one form document (server/engine/conditions.ts). */
  conditions: FormDocument;
  sections: LoadedSection[];
  sectionById: Map<string, LoadedSection>;
  /** Indexes (in doc.outcomes) of the emergency-tier outcomes: stop at the first red flag. */
  emergencyOutcomes: number[];
  /** GuidelineSummary: every top-level field but sections, outcomes, examples and $schema. */
  summary: GuidelineSummary;
}

/** The requiredData items of a section: every field, document order (contract: "The engine calls"). */
function sectionItems(sectionId: string, doc: FormDocument): QuestionnaireItem[] {
  const items: QuestionnaireItem[] = [];
  for (const field of documentFields(doc)) {
    const schema = doc.schema.properties[field]!;
    const type = observationTypeOf(schema);
    if (!type) continue;
    const spec = OBSERVATION_TYPES[type];
    const ui = doc.uiSchema?.[field];
    const observation: QuestionnaireItem['referencedObservation'] = { type, valueType: spec.valueType };
    if (spec.options) {
      const options = schemaOptions(schema, ui).map((o) => ({ identifier: String(o.value), label: o.label }));
      if (type === 'MULTI_CHOICE') options.push({ identifier: NONE_OF_THE_ABOVE, label: NONE_OF_THE_ABOVE_LABEL });
      observation.options = options;
    }
    if (type === 'NUMERIC') {
      const range: NonNullable<QuestionnaireItem['referencedObservation']['inputRange']> = {};
      if (typeof schema.minimum === 'number') range.low = schema.minimum;
      if (typeof schema.maximum === 'number') range.high = schema.maximum;
      if (range.low !== undefined || range.high !== undefined) observation.inputRange = range;
      const unit = ui?.['ui:options']?.unit;
      if (typeof unit === 'string') observation.unit = unit;
    }
    const label = schema.title ?? (type === 'DISPLAY' ? (ui?.['ui:options']?.text ?? schema.description) : schema.description) ?? field;
    items.push({ label, reference: `${sectionId}/${field}`, identifier: field, referencedObservation: observation });
  }
  return items;
}

/** A pathway as the engine runs it; `shared` expands its `{ "use": … }` sections (an unknown one throws). */
export function loadPathway(source: Pathway, shared: ReadonlyMap<string, SharedSection> = new Map()): LoadedPathway {
  const doc = expandPathway(source, shared).doc as ExpandedPathway;
  const sections = doc.sections.map((section, index) => ({ index, section, document: section.document, items: sectionItems(section.id, section.document) }));
  const { sections: _s, outcomes: _o, examples: _e, $schema: _schema, ...summary } = doc;
  const emergencyOutcomes = doc.outcomes.flatMap((o, i) => (o.recommendation.tier && EMERGENCY_TIERS.has(o.recommendation.tier) ? [i] : []));
  return { doc, conditions: conditionDocument(doc), sections, sectionById: new Map(sections.map((s) => [s.section.id, s])), emergencyOutcomes, summary };
}

const DEFAULT_SHARED_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'schemas', 'questionnaires', 'shared');

export class PathwayLibrary {
  private readonly byId = new Map<string, LoadedPathway>();
  /** Files that could not be read (named at start-up, never served). */
  readonly broken: string[] = [];

  /**
   * `dirs`: folders of pathway documents. Shared sections are read from each folder's `shared/`
   * and from `sharedDirs` (by default the repository's schemas/questionnaires/shared).
   */
  private readonly shared: ReadonlyMap<string, SharedSection>;

  /**
   * `documents`: when given, the library starts empty and LiveDocuments fills it (`put`),
   * having read and checked the files itself; the folders then give only the shared sections.
   */
  constructor(
    readonly dirs: readonly string[],
    sharedDirs: readonly string[] = [DEFAULT_SHARED_DIR],
    documents: 'read' | 'given' = 'read',
  ) {
    const shared = readSharedSections([...dirs.map(sharedDirOf), ...sharedDirs]);
    this.shared = shared;
    if (documents === 'given') return;
    for (const dir of dirs) {
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()) {
        try {
          const doc = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Pathway;
          if (typeof doc.guidelineId !== 'string' || !Array.isArray(doc.sections) || !Array.isArray(doc.outcomes)) throw new Error('not a pathway document');
          this.byId.set(doc.guidelineId, loadPathway(doc, shared));
        } catch (error) {
          this.broken.push(`${path.join(dir, file)}: ${(error as Error).message}`);
        }
      }
    }
  }

  /** Serves `doc` (a checked pathway) from now on, in place of any with its guidelineId. */
  put(doc: Pathway): void {
    this.byId.set(doc.guidelineId, loadPathway(doc, this.shared));
  }

  /** Stops serving `guidelineId` (its file is gone). */
  remove(guidelineId: string): void {
    this.byId.delete(guidelineId);
  }

  get(guidelineId: string): LoadedPathway | undefined {
    return this.byId.get(guidelineId);
  }

  all(): LoadedPathway[] {
    return [...this.byId.values()].sort((a, b) => (a.doc.guidelineId < b.doc.guidelineId ? -1 : 1));
  }
}
