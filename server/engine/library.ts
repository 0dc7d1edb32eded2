// The pathway library the embedded engine serves: schemas/questionnaires/*.json read once at
// start, with what every call needs worked out once (condition document, requiredData items).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { QuestionnaireItem } from '../../generated/types/api/engine-execution';
import {
  NONE_OF_THE_ABOVE,
  NONE_OF_THE_ABOVE_LABEL,
  OBSERVATION_TYPES,
  documentFields,
  observationTypeOf,
  schemaOptions,
  type FormDocument,
} from '../../renderer/core/index';
import { conditionDocument, type Pathway, type PathwaySection } from './pathway.js';

/** A requiredData item of an execution (the contract's, schemas/api/engine-execution.schema.json). */
export type { QuestionnaireItem };

export interface LoadedSection {
  index: number;
  section: PathwaySection;
  document: FormDocument;
  items: QuestionnaireItem[];
}

export interface LoadedPathway {
  doc: Pathway;
  /** Sections and outcomes' conditions as one form document (server/engine/pathway.ts). */
  conditions: FormDocument;
  sections: LoadedSection[];
  sectionById: Map<string, LoadedSection>;
  /** GuidelineSummary: every top-level field but sections, outcomes, examples and $schema. */
  summary: Record<string, unknown>;
}

/** The requiredData items of a section: every field, document order (contract: "The engine calls"). */
export function sectionItems(sectionId: string, doc: FormDocument): QuestionnaireItem[] {
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

export function loadPathway(doc: Pathway): LoadedPathway {
  const sections = doc.sections.map((section, index) => ({ index, section, document: section.document, items: sectionItems(section.id, section.document) }));
  const summary: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) if (!['sections', 'outcomes', 'examples', '$schema'].includes(k)) summary[k] = v;
  return { doc, conditions: conditionDocument(doc), sections, sectionById: new Map(sections.map((s) => [s.section.id, s])), summary };
}

export class PathwayLibrary {
  private readonly byId = new Map<string, LoadedPathway>();
  /** Files that could not be read (named at start-up, never served). */
  readonly broken: string[] = [];

  constructor(readonly dirs: readonly string[]) {
    for (const dir of dirs) {
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
        try {
          const doc = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Pathway;
          if (typeof doc.guidelineId !== 'string' || !Array.isArray(doc.sections) || !Array.isArray(doc.outcomes)) throw new Error('not a pathway document');
          this.byId.set(doc.guidelineId, loadPathway(doc));
        } catch (error) {
          this.broken.push(`${path.join(dir, file)}: ${(error as Error).message}`);
        }
      }
    }
  }

  get(guidelineId: string): LoadedPathway | undefined {
    return this.byId.get(guidelineId);
  }

  all(): LoadedPathway[] {
    return [...this.byId.values()].sort((a, b) => (a.doc.guidelineId < b.doc.guidelineId ? -1 : 1));
  }
}
