// "Preview draft" of a pathway: the unsaved text walked by the engine's own walk
// (server/engine/preview.ts), as the live pathway's preview page walks the served one. The draft
// need not pass every check to be walked — seeing why an example fails is what the walk is for —
// only to be JSON the engine can load (its `use` sections known, its sections and outcomes
// well-formed enough to compile).
import path from 'node:path';
import type { Pathway } from '../../generated/types/questionnaire';
import { readSharedSections, sharedDirOf } from '../engine/hierarchy.js';
import { loadPathway, type LoadedPathway } from '../engine/library.js';
import { parseJson } from './json-parse.js';

/** The draft as the engine would run it, or why it cannot be walked yet (in the configurer's words). */
export function loadDraftPathway(text: string, root: string): { loaded: LoadedPathway } | { problem: string } {
  const parsed = parseJson(text);
  if (!parsed.ok) return { problem: `The draft is not JSON yet (line ${parsed.line}, column ${parsed.column}: ${parsed.message}).` };
  const doc = parsed.value as Partial<Pathway> | null;
  if (!doc || typeof doc !== 'object' || Array.isArray(doc) || !Array.isArray(doc.sections)) {
    return { problem: 'The draft is not a pathway yet: it needs a "sections" list.' };
  }
  // The shared sections the checker walks the examples with, so the walk and the check agree.
  const shared = readSharedSections([sharedDirOf(path.join(root, 'schemas/questionnaires'))]);
  try {
    return { loaded: loadPathway(doc as Pathway, shared) };
  } catch (error) {
    return { problem: `The draft cannot be walked yet: ${(error as Error).message}` };
  }
}
