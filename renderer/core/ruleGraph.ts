// Which field's rule reads which field: the order rules are evaluated in (a field after every
// field it reads, so a hidden field is already cleared when its readers look at it) and the
// fields a change can reach.
import type { Structure } from './structure';
import { ruleReads } from './conditionTests';
import { isPlainObject, own } from './text';

interface RuleGraph {
  /** Field index → the fields whose rules read it. */
  readers: number[][];
  /** Field index → the fields its own and its groups' rules read. */
  readsOf: number[][];
}

/** A field's enclosing groups' rules, outermost first, then its own: [owner, rule] for each that is an object. */
export function ownAndGroupRules(structure: Structure, rules: Record<string, unknown>, name: string): Array<[string, unknown]> {
  return [...(structure.ancestors.get(name) ?? []), name].map((g) => [g, own(rules, g)] as [string, unknown]).filter(([, r]) => isPlainObject(r));
}

/** Dependency graph: dep → readers. */
export function ruleGraph(
  fields: string[],
  rulesOf: (name: string) => Array<[string, unknown]>,
  fieldOfQuestion: (q: string) => number | undefined,
): RuleGraph {
  const readers: number[][] = fields.map(() => []);
  const readsOf: number[][] = fields.map(() => []);
  for (let i = 0; i < fields.length; i++) {
    for (const q of rulesOf(fields[i]!).flatMap(([, r]) => ruleReads(r))) {
      const j = fieldOfQuestion(q);
      if (j === undefined || readsOf[i]!.includes(j)) continue;
      readsOf[i]!.push(j);
      readers[j]!.push(i);
    }
  }
  return { readers, readsOf };
}

/** Kahn's algorithm, stable in document order; cycle members are appended in document order. */
export function evaluationOrder({ readers, readsOf }: RuleGraph): number[] {
  const n = readsOf.length;
  const indegree = readsOf.map((r) => r.length);
  const orderIdx: number[] = [];
  const ready: number[] = [];
  for (let i = 0; i < n; i++) if (indegree[i] === 0) ready.push(i);
  while (ready.length > 0) {
    ready.sort((a, b) => a - b);
    const i = ready.shift()!;
    orderIdx.push(i);
    for (const r of readers[i]!) if (--indegree[r]! === 0) ready.push(r);
  }
  if (orderIdx.length < n) {
    const placed = new Set(orderIdx);
    for (let i = 0; i < n; i++) if (!placed.has(i)) orderIdx.push(i);
  }
  return orderIdx;
}

/** Fields a change of `field` may reach (transitively), in document order; worked out once per field. */
export function dependentsFinder(fields: string[], indexOf: Map<string, number>, readers: number[][]): (field: string) => string[] {
  const n = fields.length;
  const dependents = new Map<string, string[]>();
  return (field) => {
    const hit = dependents.get(field);
    if (hit) return hit;
    const start = indexOf.get(field);
    const seen = new Uint8Array(n);
    const stack = start === undefined ? [] : [...readers[start]!];
    while (stack.length > 0) {
      const i = stack.pop()!;
      if (seen[i]) continue;
      seen[i] = 1;
      stack.push(...readers[i]!);
    }
    const out = fields.filter((_, i) => seen[i] === 1 && i !== start);
    dependents.set(field, out);
    return out;
  };
}
