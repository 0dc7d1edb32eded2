import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedDirOf } from '../engine/hierarchy.js';
import { EMERGENCY_PHRASES_FILE } from './emergencyPhrasesCheck.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The app's widget registry file, relative to the root. */
export const WIDGETS_FILE = 'schemas/widgets.json';

/** The pathway documents, sorted. */
export function questionnaireFiles(root: string): string[] {
  const dir = path.join(root, 'schemas/questionnaires');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** The shared sections pathways `use` (schemas/questionnaires/shared/*.json), sorted. */
export function sharedFiles(root: string): string[] {
  const dir = sharedDirOf(path.join(root, 'schemas/questionnaires'));
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Every document the command checks by default: forms, then shared sections, then pathways, then the emergency phrase list, then the widget registry. */
export function allFiles(root: string): string[] {
  const phrases = path.join(root, EMERGENCY_PHRASES_FILE);
  const widgets = path.join(root, WIDGETS_FILE);
  return [
    ...formFiles(root),
    ...sharedFiles(root),
    ...questionnaireFiles(root),
    ...(existsSync(phrases) ? [phrases] : []),
    ...(existsSync(widgets) ? [widgets] : []),
  ];
}

/** The document's form files, sorted. */
export function formFiles(root: string): string[] {
  const dir = path.join(root, 'schemas/forms');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.form.json'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** `abs` as reports name it: relative to `root`, posix separators. */
export function shownPath(abs: string, root: string = repoRoot): string {
  return path.relative(root, abs).split(path.sep).join('/');
}
