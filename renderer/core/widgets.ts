// Widget names as data: the renderer's own (WIDGETS, with the field types each fits) and the
// widgets an app registers itself (a WidgetDeclarations object, in this project read from
// schemas/widgets.json). The checks (checkDocument, the meta-schema's ui:widget list, the
// observation-type check of questionnaires) take the app's declarations, so a registered name is
// accepted everywhere it is declared, and an unknown one is refused naming every known name.
// No React here: the server and the scripts read the same declarations as the app.
import { isObservationType } from './observationTypes';
import { isPlainObject } from './text';
import { WIDGETS, type FieldSchema, type WidgetDeclaration, type WidgetDeclarations } from './types';

export const NO_WIDGETS: WidgetDeclarations = Object.freeze({});

const FIELD_TYPES: ReadonlyArray<FieldSchema['type']> = ['string', 'number', 'integer', 'boolean', 'array'];
/** A widget name: a letter, then letters, digits and hyphens. */
export const WIDGET_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9-]*$/;

/** Every widget name a document may use: the renderer's, then the app's. */
export function widgetNames(declared: WidgetDeclarations = NO_WIDGETS): string[] {
  return [...WIDGETS, ...Object.keys(declared).filter((n) => !(WIDGETS as readonly string[]).includes(n))];
}

/**
 * What is wrong with a widget registry file ({ "widgets": { name: declaration } }): JSON paths
 * and messages in a configurer's words. Never throws.
 */
export function checkWidgetDeclarations(doc: unknown): Array<{ path: string; message: string }> {
  const out: Array<{ path: string; message: string }> = [];
  if (!isPlainObject(doc) || !isPlainObject(doc.widgets)) {
    out.push({ path: doc && isPlainObject(doc) ? '/widgets' : '', message: 'a widget registry is an object { "widgets": { "<name>": { "fits": [...] } } }' });
    return out;
  }
  for (const key of Object.keys(doc)) {
    if (key !== 'widgets' && key !== '$comment') out.push({ path: `/${key}`, message: `unknown property "${key}" (allowed here: widgets, $comment)` });
  }
  for (const [name, decl] of Object.entries(doc.widgets)) {
    const base = `/widgets/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!WIDGET_NAME_PATTERN.test(name))
      out.push({ path: base, message: `widget name "${name}" must start with a letter and hold only letters, digits and hyphens` });
    if ((WIDGETS as readonly string[]).includes(name)) out.push({ path: base, message: `"${name}" is a built-in widget: give yours another name` });
    if (!isPlainObject(decl)) {
      out.push({ path: base, message: 'a widget declaration is an object { "fits": [...] }' });
      continue;
    }
    for (const key of Object.keys(decl)) {
      if (!['fits', 'observationTypes', 'description', 'range'].includes(key))
        out.push({ path: `${base}/${key}`, message: `unknown property "${key}" (allowed here: fits, observationTypes, description, range)` });
    }
    if (!Array.isArray(decl.fits) || decl.fits.length === 0) {
      out.push({ path: `${base}/fits`, message: `fits lists the field types the widget draws (some of ${FIELD_TYPES.join(', ')})` });
    } else {
      decl.fits.forEach((t, i) => {
        if (!(FIELD_TYPES as readonly unknown[]).includes(t))
          out.push({ path: `${base}/fits/${i}`, message: `must be one of: ${FIELD_TYPES.join(', ')} (found ${JSON.stringify(t)})` });
      });
    }
    if (decl.observationTypes !== undefined) {
      if (!Array.isArray(decl.observationTypes))
        out.push({ path: `${base}/observationTypes`, message: 'observationTypes is a list of question types (e.g. ["NUMERIC"])' });
      else
        decl.observationTypes.forEach((t, i) => {
          if (!isObservationType(t)) out.push({ path: `${base}/observationTypes/${i}`, message: `unknown observation type ${JSON.stringify(t)}` });
        });
    }
    if (decl.description !== undefined && typeof decl.description !== 'string')
      out.push({ path: `${base}/description`, message: 'description must be a string' });
    if (decl.range !== undefined) {
      const fitsOnlyNumbers = Array.isArray(decl.fits) && decl.fits.length > 0 && decl.fits.every((t) => t === 'number' || t === 'integer');
      if (!rangeOf(decl.range))
        out.push({ path: `${base}/range`, message: 'range is { "minimum": <number>, "maximum": <number> } with minimum at most maximum' });
      else if (!fitsOnlyNumbers) out.push({ path: `${base}/range`, message: 'range is for a widget that draws only number or integer fields' });
    }
  }
  return out;
}

/** A declaration's range when it is well formed ({ minimum, maximum }, finite, minimum ≤ maximum). */
function rangeOf(value: unknown): WidgetDeclaration['range'] | undefined {
  if (!isPlainObject(value)) return undefined;
  const { minimum, maximum } = value;
  if (Object.keys(value).some((k) => k !== 'minimum' && k !== 'maximum')) return undefined;
  if (typeof minimum !== 'number' || typeof maximum !== 'number' || !Number.isFinite(minimum) || !Number.isFinite(maximum) || minimum > maximum)
    return undefined;
  return { minimum, maximum };
}

/** The declarations of a registry file, without the malformed ones (checkWidgetDeclarations reports those). */
export function widgetDeclarationsOf(doc: unknown): WidgetDeclarations {
  if (!isPlainObject(doc) || !isPlainObject(doc.widgets)) return NO_WIDGETS;
  const out: Record<string, WidgetDeclaration> = {};
  for (const [name, decl] of Object.entries(doc.widgets)) {
    if (!WIDGET_NAME_PATTERN.test(name) || (WIDGETS as readonly string[]).includes(name) || !isPlainObject(decl) || !Array.isArray(decl.fits)) continue;
    out[name] = {
      fits: decl.fits.filter((t): t is FieldSchema['type'] => (FIELD_TYPES as readonly unknown[]).includes(t)),
      ...(Array.isArray(decl.observationTypes) ? { observationTypes: decl.observationTypes.filter(isObservationType) } : {}),
      ...(typeof decl.description === 'string' ? { description: decl.description } : {}),
      ...(rangeOf(decl.range) ? { range: rangeOf(decl.range) } : {}),
    };
  }
  return out;
}
