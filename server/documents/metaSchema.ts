import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { widgetDeclarationsOf, widgetNames, type WidgetDeclarations } from '../../renderer/core/index';
import { repoRoot, WIDGETS_FILE } from './documentFiles.js';
import { parseJson } from './json-parse.js';

/** The app's own widgets declared in `root`'s schemas/widgets.json (none when there is no such file or it is broken: its check says why). */
export function readWidgetDeclarations(root: string = repoRoot): WidgetDeclarations {
  const file = path.join(root, WIDGETS_FILE);
  if (!existsSync(file)) return {};
  const parsed = parseJson(readFileSync(file, 'utf8'));
  return parsed.ok ? widgetDeclarationsOf(parsed.value) : {};
}

let metaValidator: { key: string; validate: ValidateFunction; questionnaire: ValidateFunction; shared: ValidateFunction } | undefined;

/** The meta-schema validators of a root and widget set (compiled once, again only when either changes). */
export function metaSchemaValidator(
  root: string,
  which: 'form' | 'questionnaire' | 'shared' = 'form',
  widgets: WidgetDeclarations = readWidgetDeclarations(root),
): ValidateFunction {
  const names = widgetNames(widgets);
  const key = JSON.stringify([root, names]);
  if (metaValidator?.key === key) return metaValidator[which === 'form' ? 'validate' : which];
  const metaPath = path.join(root, 'schemas/meta/form-document.schema.json');
  const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Record<string, unknown>;
  // The file lists the renderer's own widgets; the app's declared ones are accepted too.
  const uiWidget = (meta as { definitions?: { uiField?: { properties?: { 'ui:widget'?: { enum?: string[] } } } } }).definitions?.uiField?.properties?.[
    'ui:widget'
  ];
  if (uiWidget && Array.isArray(uiWidget.enum)) uiWidget.enum = names;
  const qMeta = JSON.parse(readFileSync(path.join(root, 'schemas/meta/questionnaire.schema.json'), 'utf8')) as Record<string, unknown>;
  // strict: false — the meta-schema carries its own annotation keyword x-error (below).
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
  ajv.addFormat('regex', (s: string) => {
    try {
      new RegExp(s, 'u');
      return true;
    } catch {
      return false;
    }
  });
  const validate = ajv.compile(meta);
  const questionnaire = ajv.compile(qMeta);
  const shared = ajv.compile({ $ref: `${String(qMeta.$id)}#/definitions/SharedSection` });
  metaValidator = { key, validate, questionnaire, shared };
  return metaValidator[which === 'form' ? 'validate' : which];
}

/** Where the meta-schema lists the widget names an editor accepts in ui:widget. */
const META_WIDGET_ENUM = '/definitions/uiField/properties/ui:widget/enum';

/**
 * Each widget the registry declares must also be listed in the meta-schema file's ui:widget enum:
 * the check accepts it either way (metaSchemaValidator adds it), but an editor that validates a
 * document against the meta-schema reads only the file, and would flag the widget as unknown.
 */
export function metaSchemaWidgetProblems(doc: unknown, root: string): Array<{ path: string; message: string }> {
  const metaPath = path.join(root, 'schemas/meta/form-document.schema.json');
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!existsSync(metaPath) || !isObject(doc) || !isObject(doc.widgets)) return [];
  const meta = parseJson(readFileSync(metaPath, 'utf8'));
  const listed = meta.ok
    ? (meta.value as { definitions?: { uiField?: { properties?: { 'ui:widget'?: { enum?: unknown } } } } }).definitions?.uiField?.properties?.['ui:widget']
        ?.enum
    : undefined;
  if (!Array.isArray(listed)) return [];
  return Object.keys(doc.widgets)
    .filter((name) => !listed.includes(name))
    .map((name) => ({
      path: `/widgets/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      message: `"${name}" is not listed in schemas/meta/form-document.schema.json (${META_WIDGET_ENUM}): add it there too, so that editors validating documents against the meta-schema accept it`,
    }));
}

function formatValue(v: unknown): string {
  return typeof v === 'string' ? `"${v}"` : JSON.stringify(v);
}

/** Ajv's errors in a configurer's words, one per problem (branch noise of oneOf removed). */
export function describeMetaErrors(errors: readonly ErrorObject[]): Array<{ path: string; message: string }> {
  const oneOfs = errors.filter((e) => e.keyword === 'oneOf');
  const out: Array<{ path: string; message: string }> = [];
  for (const e of errors) {
    // Errors inside a oneOf branch are summarised by the oneOf error itself.
    if (oneOfs.some((o) => o !== e && e.schemaPath.startsWith(`${o.schemaPath}/`) && e.instancePath.startsWith(o.instancePath))) continue;
    const parent = e.parentSchema as Record<string, unknown> | undefined;
    let p = e.instancePath || '/';
    let message: string;
    switch (e.keyword) {
      case 'additionalProperties': {
        const prop = String((e.params as { additionalProperty: string }).additionalProperty);
        p = `${e.instancePath}/${prop.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        const allowed = parent && typeof parent.properties === 'object' && parent.properties ? Object.keys(parent.properties) : [];
        message = `unknown property "${prop}"${allowed.length ? ` (allowed here: ${allowed.join(', ')})` : ''}`;
        break;
      }
      case 'enum':
        message = `must be one of: ${(e.params as { allowedValues: unknown[] }).allowedValues.map(formatValue).join(', ')} (found ${formatValue(e.data)})`;
        break;
      case 'const':
        message = `must be ${formatValue((e.params as { allowedValue: unknown }).allowedValue)} (found ${formatValue(e.data)})`;
        break;
      case 'required':
        message = `missing required property "${(e.params as { missingProperty: string }).missingProperty}"`;
        break;
      case 'oneOf':
        message = typeof parent?.['x-error'] === 'string' ? parent['x-error'] : (e.message ?? 'is not valid');
        break;
      case 'pattern':
        message =
          typeof parent?.['x-error'] === 'string'
            ? `${parent['x-error']} (found ${formatValue(e.data)})`
            : `must match the pattern ${(e.params as { pattern: string }).pattern} (found ${formatValue(e.data)})`;
        break;
      case 'propertyNames':
        continue;
      case 'if':
        continue; // the failing then/else branch says what is wrong // reported by the pattern error on the name itself
      default:
        message = e.message ?? `fails ${e.keyword}`;
    }
    if (e.propertyName !== undefined) {
      p = `${e.instancePath}/${e.propertyName}`;
      message = `the name "${e.propertyName}" ${message}`;
    }
    out.push({ path: p, message });
  }
  return out;
}
