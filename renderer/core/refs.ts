// Local `$ref`: `#/definitions/<name>` (or `#/$defs/<name>`) of the document's schema is
// replaced by that definition, keywords beside the `$ref` winning. Remote references, unknown
// targets and cycles are problems with their JSON path.
import type { DocumentProblem } from './types';
import { isPlainObject, own } from './text';
import { define, esc, type Obj } from './paths';

function resolveRefs(node: unknown, root: Obj, pointer: string, stack: string[], problems: DocumentProblem[]): unknown {
  if (!isPlainObject(node)) return node;
  let base: Obj = node;
  if (node.$ref !== undefined) {
    const ref = node.$ref;
    const { $ref: _drop, ...siblings } = node;
    const target = typeof ref === 'string' ? refTarget(root, ref) : undefined;
    if (typeof ref !== 'string' || !/^#\/(definitions|\$defs)\/[^/]+$/.test(ref)) {
      problems.push({
        path: `${pointer}/$ref`,
        message: `only local references to a definition are allowed ("#/definitions/<name>" in this document's schema; found ${JSON.stringify(ref)})`,
      });
      base = siblings;
    } else if (stack.includes(ref)) {
      problems.push({ path: `${pointer}/$ref`, message: `$ref cycle: ${[...stack, ref].join(' -> ')}` });
      return siblings;
    } else if (target === undefined) {
      const defs = Object.keys({ ...(isPlainObject(root.definitions) ? root.definitions : {}), ...(isPlainObject(root.$defs) ? root.$defs : {}) });
      problems.push({
        path: `${pointer}/$ref`,
        message: `${JSON.stringify(ref)} names no definition of this document (definitions: ${defs.join(', ') || 'none'})`,
      });
      base = siblings;
    } else {
      const resolved = resolveRefs(target, root, pointer, [...stack, ref], problems);
      base = { ...(isPlainObject(resolved) ? resolved : {}), ...siblings };
      return walk(base, root, pointer, [...stack, ref], problems);
    }
  }
  return walk(base, root, pointer, stack, problems);
}

/** A schema node with the references below it resolved (its properties and items). */
export function walk(node: Obj, root: Obj, pointer: string, stack: string[], problems: DocumentProblem[]): Obj {
  let out = node;
  if (isPlainObject(node.properties)) {
    const props: Obj = {};
    for (const [k, v] of Object.entries(node.properties)) define(props, k, resolveRefs(v, root, `${pointer}/properties/${esc(k)}`, stack, problems));
    out = { ...out, properties: props };
  }
  if (isPlainObject(node.items)) out = { ...out, items: resolveRefs(node.items, root, `${pointer}/items`, stack, problems) };
  return out;
}

function refTarget(root: Obj, ref: string): unknown {
  const [, where, name] = ref.split('/');
  const defs = where === '$defs' ? root.$defs : root.definitions;
  return isPlainObject(defs) ? own(defs, name!.replace(/~1/g, '/').replace(/~0/g, '~')) : undefined;
}
