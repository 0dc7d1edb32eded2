// checkDocument: everything a configurer can get wrong in a form document that a meta-schema
// cannot see, each with the JSON path of the offending value. Never throws: it is fed
// whatever JSON a configurer saved.
import { OPERATORS, WIDGETS, type DocumentProblem, type Operator } from './types';
import { NONE_OF_THE_ABOVE, kindOf, schemaOptions, type FieldKind } from './fields';
import { ruleReads } from './compile';
import { isDateRefSyntax, parseDate, parseDateTime, parseTime } from './dates';
import { isPlainObject } from './text';

type Obj = Record<string, unknown>;

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const q = (v: unknown) => {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
};

const KIND_NAMES: Record<FieldKind, string> = {
  text: 'text',
  number: 'number',
  date: 'date',
  time: 'time',
  datetime: 'date-time',
  boolean: 'yes/no',
  choice: 'single-choice',
  multi: 'multi-choice',
  unknown: 'unknown',
};

const ORDERED: Operator[] = ['LT', 'LTE', 'GT', 'GTE', 'RANGE'];
const PRESENCE: Operator[] = ['HAS_VALUE', 'DOES_NOT_HAVE_VALUE'];
const EQUALITY: Operator[] = ['EQ', 'NEQ', 'IS', 'IS_NOT'];
const COUNTS: Operator[] = ['OPTION_COUNT_EQ', 'OPTION_COUNT_LT', 'OPTION_COUNT_LTE', 'OPTION_COUNT_GT', 'OPTION_COUNT_GTE'];
const LISTS: Operator[] = ['ANY_OF_THE', 'ALL_OF_THE', 'ONLY_ONE_OF_THE'];

/** Which operators fit which kind of answer (renderer/README.md, "Operators"). */
export const OPERATORS_BY_KIND: Record<Exclude<FieldKind, 'unknown'>, Operator[]> = {
  text: [...EQUALITY, ...PRESENCE, ...ORDERED, 'CONTAINS', 'ANY_OF_THE'],
  number: [...EQUALITY, ...PRESENCE, ...ORDERED, 'ANY_OF_THE'],
  date: [...EQUALITY, ...PRESENCE, ...ORDERED],
  time: [...EQUALITY, ...PRESENCE, ...ORDERED],
  datetime: [...EQUALITY, ...PRESENCE, ...ORDERED],
  boolean: [...EQUALITY, ...PRESENCE],
  choice: [...EQUALITY, ...PRESENCE, 'ONLY', 'NOT_ONLY', ...LISTS],
  multi: ['EQ', 'NEQ', ...PRESENCE, 'ONLY', 'NOT_ONLY', 'CONTAINS', ...COUNTS, ...LISTS],
};

interface Subject {
  kind: FieldKind;
  /** For messages: field "x" / parameter "p". */
  name: string;
  /** Offered option values as strings (choice / multi). */
  options?: string[];
  numericOptions?: boolean;
}

export function checkDocument(doc: unknown): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  try {
    run(doc, problems);
  } catch (e) {
    problems.push({ path: '', message: `the document could not be checked: ${e instanceof Error ? e.message : String(e)}` });
  }
  return problems;
}

function run(doc: unknown, out: DocumentProblem[]): void {
  const add = (path: string, message: string) => out.push({ path, message });
  if (!isPlainObject(doc)) {
    add('', 'a form document must be a JSON object');
    return;
  }
  if (typeof doc.id !== 'string' || doc.id === '') add('/id', 'id must be a non-empty string');
  if (typeof doc.title !== 'string') add('/title', 'title must be a string');
  const schema = doc.schema;
  if (!isPlainObject(schema)) {
    add('/schema', 'schema must be an object with type "object" and properties');
    return;
  }
  if (!isPlainObject(schema.properties)) {
    add('/schema/properties', 'schema.properties must be an object: one property per field');
    return;
  }
  const props = schema.properties as Obj;
  const fieldNames = Object.keys(props);
  const isField = (f: unknown): f is string => typeof f === 'string' && Object.prototype.hasOwnProperty.call(props, f);
  const declared: Obj = isPlainObject(doc.parameters) ? doc.parameters : {};
  if (doc.parameters !== undefined && !isPlainObject(doc.parameters)) add('/parameters', 'parameters must be an object keyed by parameter name');
  for (const [p, d] of Object.entries(declared)) {
    if (!isPlainObject(d) || !['number', 'integer', 'boolean', 'string'].includes(String(d.type))) {
      add(`/parameters/${esc(p)}/type`, 'a parameter needs a type: number, integer, boolean or string');
    }
  }
  const isParam = (p: unknown): p is string => typeof p === 'string' && Object.prototype.hasOwnProperty.call(declared, p);
  const ui: Obj = isPlainObject(doc.uiSchema) ? doc.uiSchema : {};

  const kinds = new Map<string, FieldKind>();
  const subjectOf = (f: string): Subject => {
    const s = props[f];
    const kind = kinds.get(f) ?? 'unknown';
    const subject: Subject = { kind, name: `field "${f}"` };
    if (kind === 'choice' || kind === 'multi') {
      const opts = schemaOptions(s as never);
      subject.options = opts.map((o) => String(o.value));
      if (kind === 'multi') subject.options.push(NONE_OF_THE_ABOVE);
      subject.numericOptions = opts.length > 0 && opts.every((o) => typeof o.value === 'number');
    }
    return subject;
  };

  // Fields' schemas.
  for (const f of fieldNames) {
    const base = `/schema/properties/${esc(f)}`;
    const s = props[f];
    if (!isPlainObject(s)) {
      add(base, 'a field schema must be an object');
      continue;
    }
    if (!['string', 'number', 'integer', 'boolean', 'array'].includes(String(s.type))) {
      add(`${base}/type`, `type must be one of string, number, integer, boolean, array (got ${q(s.type)})`);
    }
    kinds.set(f, kindOf(s as never));
    if (s.type === 'array' && !isPlainObject(s.items)) add(`${base}/items`, 'a multi-choice field needs items with its options (enum or oneOf)');
    if (s.pattern !== undefined) {
      let ok = typeof s.pattern === 'string';
      if (ok) {
        try {
          new RegExp(s.pattern as string, 'u');
        } catch {
          ok = false;
        }
      }
      if (!ok) add(`${base}/pattern`, `pattern ${q(s.pattern)} is not a valid regular expression`);
    }
    if (s.enum !== undefined && (!Array.isArray(s.enum) || s.enum.length === 0)) add(`${base}/enum`, 'enum must be a non-empty list of options');
    if (s.oneOf !== undefined) {
      if (!Array.isArray(s.oneOf) || s.oneOf.length === 0) add(`${base}/oneOf`, 'oneOf must be a non-empty list of { const, title }');
      else s.oneOf.forEach((o, i) => {
        if (!isPlainObject(o) || !('const' in o)) add(`${base}/oneOf/${i}`, 'each option needs a const (its value) and a title');
      });
    }
    const xDate = s['x-date'];
    if (xDate !== undefined) {
      if (!isPlainObject(xDate)) add(`${base}/x-date`, 'x-date must be an object { notBefore?, notAfter? }');
      else {
        for (const k of ['notBefore', 'notAfter']) {
          const ref = xDate[k];
          if (ref === undefined) continue;
          if (!isDateRefSyntax(ref)) {
            add(`${base}/x-date/${k}`, `${q(ref)} is not a date reference: use "today", "today+7d", "today-1m" (units d, w, m, y) or "field:otherField"`);
          } else if (typeof ref === 'string' && ref.startsWith('field:')) {
            const other = ref.slice('field:'.length);
            if (!isField(other)) add(`${base}/x-date/${k}`, `"${other}" is not a field of this form`);
            else if (kindOf(props[other] as never) !== 'date') add(`${base}/x-date/${k}`, `"${other}" is not a date field`);
          }
        }
      }
    }
    const checkNumberRef = (v: unknown, path: string) => {
      if (v === undefined || typeof v === 'number') return;
      if (isPlainObject(v) && typeof v.param === 'string') {
        if (!isParam(v.param)) add(`${path}/param`, `parameter "${v.param}" is not declared in parameters`);
        if (v.default !== undefined && typeof v.default !== 'number') add(`${path}/default`, 'the default must be a number');
        return;
      }
      add(path, 'expected a number or { "param": name, "default"?: number }');
    };
    const xAge = s['x-age'];
    if (xAge !== undefined) {
      if (!isPlainObject(xAge)) add(`${base}/x-age`, 'x-age must be an object { min?, max?, maxYears? }');
      else {
        checkNumberRef(xAge.min, `${base}/x-age/min`);
        checkNumberRef(xAge.max, `${base}/x-age/max`);
        if (xAge.maxYears !== undefined && typeof xAge.maxYears !== 'number') add(`${base}/x-age/maxYears`, 'maxYears must be a number');
      }
    }
    const xYear = s['x-yearRange'];
    if (xYear !== undefined) {
      if (!isPlainObject(xYear)) add(`${base}/x-yearRange`, 'x-yearRange must be an object { yearsBack }');
      else checkNumberRef(xYear.yearsBack, `${base}/x-yearRange/yearsBack`);
    }
  }

  // required
  if (schema.required !== undefined) {
    if (!Array.isArray(schema.required)) add('/schema/required', 'required must be a list of field names');
    else schema.required.forEach((r, i) => {
      if (!isField(r)) add(`/schema/required/${i}`, `${q(r)} is required but is not a field of this form`);
    });
  }

  // Conditions (rules, option rules, content blocks, constraints).
  const checkConditions = (conds: unknown, base: string, behavior: unknown, behaviorPath: string) => {
    if (behavior !== undefined && behavior !== 'all' && behavior !== 'any') add(behaviorPath, `must be "all" or "any" (got ${q(behavior)})`);
    if (conds === undefined) return;
    if (!Array.isArray(conds)) {
      add(base, 'must be a list of conditions');
      return;
    }
    conds.forEach((c, i) => checkCondition(c, `${base}/${i}`));
  };

  const checkCondition = (c: unknown, p: string) => {
    if (!isPlainObject(c)) {
      add(p, 'a condition must be an object { question | parameter, operator, answer }');
      return;
    }
    const hasQ = c.question !== undefined;
    const hasP = c.parameter !== undefined;
    let subject: Subject | undefined;
    if (hasQ === hasP) {
      add(p, 'a condition reads exactly one of question (a field) or parameter');
    } else if (hasQ) {
      if (!isField(c.question)) add(`${p}/question`, `${q(c.question)} is not a field of this form`);
      else subject = subjectOf(c.question);
    } else if (!isParam(c.parameter)) {
      add(`${p}/parameter`, `parameter ${q(c.parameter)} is not declared in parameters`);
    } else {
      const d = declared[c.parameter as string] as Obj;
      const t = d.type;
      subject = { kind: t === 'number' || t === 'integer' ? 'number' : t === 'boolean' ? 'boolean' : 'text', name: `parameter "${c.parameter}"` };
    }
    const op = c.operator;
    if (typeof op !== 'string' || !(OPERATORS as readonly string[]).includes(op)) {
      add(`${p}/operator`, `unknown operator ${q(op)} (expected one of ${OPERATORS.join(', ')})`);
      return;
    }
    if (!subject || subject.kind === 'unknown') return;
    const operator = op as Operator;
    const fits =
      OPERATORS_BY_KIND[subject.kind].includes(operator) || (subject.kind === 'choice' && subject.numericOptions === true && ORDERED.includes(operator));
    if (!fits) {
      add(`${p}/operator`, `${operator} does not fit ${KIND_NAMES[subject.kind]} ${subject.name}`);
      return;
    }
    checkAnswer(operator, c.answer, subject, `${p}/answer`, 'answer' in c);
  };

  const scalarProblem = (v: unknown, s: Subject, forOrder: boolean): string | undefined => {
    switch (s.kind) {
      case 'number':
        return typeof v === 'number' ? undefined : 'a number';
      case 'date':
        return typeof v === 'string' && (parseDate(v) !== undefined || (isDateRefSyntax(v) && !v.startsWith('field:'))) ? undefined : 'a date (YYYY-MM-DD, or "today", "today-16y"…)';
      case 'time':
        return parseTime(v) !== undefined ? undefined : 'a time (HH:mm)';
      case 'datetime':
        return parseDateTime(v) !== undefined ? undefined : 'a date and time (YYYY-MM-DDTHH:mm)';
      case 'boolean':
        return typeof v === 'boolean' ? undefined : 'true or false';
      case 'text':
        if (forOrder) return typeof v === 'number' ? undefined : 'a number';
        return typeof v === 'string' || typeof v === 'number' ? undefined : 'a string';
      case 'choice':
        if (forOrder) return typeof v === 'number' ? undefined : 'a number';
        return undefined;
      default:
        return undefined;
    }
  };

  const checkOption = (v: unknown, s: Subject, path: string) => {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
      add(path, `expected an option of ${s.name}, got ${q(v)}`);
    } else if (s.options && !s.options.includes(String(v))) {
      add(path, `${q(v)} is not an option of ${s.name} (options: ${s.options.join(', ')})`);
    }
  };

  const checkAnswer = (op: Operator, answer: unknown, s: Subject, path: string, present: boolean) => {
    if (PRESENCE.includes(op)) {
      if (present && answer !== undefined) add(path, `${op} takes no answer`);
      return;
    }
    if (!present || answer === undefined) {
      add(path, `${op} needs an answer`);
      return;
    }
    const isChoice = s.kind === 'choice' || s.kind === 'multi';
    if (COUNTS.includes(op)) {
      if (typeof answer !== 'number' || !Number.isInteger(answer) || answer < 0) add(path, `${op} needs a whole number of options as its answer`);
      return;
    }
    if (op === 'RANGE') {
      if (!isPlainObject(answer) || !('low' in answer) || !('high' in answer)) {
        add(path, 'RANGE needs an answer { "low": …, "high": … }');
        return;
      }
      for (const k of ['low', 'high']) {
        const problem = scalarProblem(answer[k], s, true);
        if (problem) add(`${path}/${k}`, `RANGE on ${s.name} needs ${problem} as ${k}, got ${q(answer[k])}`);
      }
      return;
    }
    if (ORDERED.includes(op)) {
      const problem = scalarProblem(answer, s, true);
      if (problem) add(path, `${op} on ${s.name} needs ${problem} as its answer, got ${q(answer)}`);
      return;
    }
    if (LISTS.includes(op)) {
      if (!Array.isArray(answer) || answer.length === 0) {
        add(path, `${op} needs a non-empty list of ${isChoice ? 'options' : 'values'} as its answer`);
        return;
      }
      answer.forEach((a, k) => {
        if (isChoice) checkOption(a, s, `${path}/${k}`);
        else {
          const problem = scalarProblem(a, s, false);
          if (problem) add(`${path}/${k}`, `${op} on ${s.name} needs ${problem} in its list, got ${q(a)}`);
        }
      });
      return;
    }
    if (op === 'ONLY' || op === 'NOT_ONLY' || (s.kind === 'multi' && (op === 'EQ' || op === 'NEQ' || op === 'CONTAINS'))) {
      if (Array.isArray(answer)) {
        if (answer.length === 0) add(path, `${op} needs at least one option`);
        answer.forEach((a, k) => checkOption(a, s, `${path}/${k}`));
      } else checkOption(answer, s, path);
      return;
    }
    if (isChoice) {
      checkOption(answer, s, path);
      return;
    }
    const problem = scalarProblem(answer, s, false);
    if (problem) add(path, `${op} on ${s.name} needs ${problem} as its answer, got ${q(answer)}`);
  };

  // Rules.
  if (doc.rules !== undefined && !isPlainObject(doc.rules)) add('/rules', 'rules must be an object keyed by field name');
  const rules: Obj = isPlainObject(doc.rules) ? doc.rules : {};
  for (const [f, rule] of Object.entries(rules)) {
    const base = `/rules/${esc(f)}`;
    if (!isField(f)) {
      add(base, `rule for "${f}", which is not a field of this form`);
      continue;
    }
    if (!isPlainObject(rule)) {
      add(base, 'a rule must be an object { enableWhen, enableBehavior?, disableWhen?, options?, clearWhenHidden? }');
      continue;
    }
    checkConditions(rule.enableWhen, `${base}/enableWhen`, rule.enableBehavior, `${base}/enableBehavior`);
    checkConditions(rule.disableWhen, `${base}/disableWhen`, rule.disableBehavior, `${base}/disableBehavior`);
    if (rule.clearWhenHidden !== undefined && typeof rule.clearWhenHidden !== 'boolean') add(`${base}/clearWhenHidden`, 'clearWhenHidden must be true or false');
    if (rule.options !== undefined) {
      if (!isPlainObject(rule.options)) {
        add(`${base}/options`, 'options must be an object keyed by option value');
        continue;
      }
      const s = subjectOf(f);
      if (s.kind !== 'choice' && s.kind !== 'multi') {
        add(`${base}/options`, `option rules need a choice field; "${f}" is ${KIND_NAMES[s.kind]}`);
        continue;
      }
      for (const [opt, orule] of Object.entries(rule.options)) {
        const op = `${base}/options/${esc(opt)}`;
        if (!s.options!.includes(opt)) add(op, `"${opt}" is not an option of field "${f}" (options: ${s.options!.join(', ')})`);
        if (!isPlainObject(orule)) add(op, 'an option rule must be an object { enableWhen, enableBehavior? }');
        else checkConditions(orule.enableWhen, `${op}/enableWhen`, orule.enableBehavior, `${op}/enableBehavior`);
      }
    }
  }

  // Rule cycles: f -> g means f's rule reads g.
  const reads = new Map<string, string[]>();
  for (const [f, rule] of Object.entries(rules)) if (isField(f)) reads.set(f, [...new Set(ruleReads(rule).filter(isField))]);
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const reported = new Set<string>();
  const visit = (f: string) => {
    state.set(f, 1);
    stack.push(f);
    for (const g of reads.get(f) ?? []) {
      const st = state.get(g);
      if (st === 1) {
        const cycle = [...stack.slice(stack.indexOf(g)), g];
        const key = [...new Set(cycle)].sort().join('\u0000');
        if (!reported.has(key)) {
          reported.add(key);
          add(`/rules/${esc(g)}`, `rules form a cycle: ${cycle.join(' -> ')} (each rule reads the next field)`);
        }
      } else if (st === undefined) visit(g);
    }
    stack.pop();
    state.set(f, 2);
  };
  for (const f of reads.keys()) if (!state.has(f)) visit(f);

  // Pages.
  const placed = new Map<string, string>();
  if (!Array.isArray(doc.pages)) add('/pages', 'pages must be a list; every field appears on exactly one page');
  else doc.pages.forEach((page, i) => {
    const base = `/pages/${i}`;
    if (!isPlainObject(page)) {
      add(base, 'a page must be an object { title, fields }');
      return;
    }
    if (typeof page.title !== 'string') add(`${base}/title`, 'a page needs a title');
    if (!Array.isArray(page.fields)) add(`${base}/fields`, 'a page needs a list of fields');
    else page.fields.forEach((f, j) => {
      const p = `${base}/fields/${j}`;
      if (!isField(f)) add(p, `${q(f)} is not a field of this form`);
      else if (placed.has(f)) add(p, `"${f}" is named twice (also at ${placed.get(f)})`);
      else placed.set(f, p);
    });
    for (const where of ['content', 'contentAfter']) {
      const blocks = page[where];
      if (blocks === undefined) continue;
      if (!Array.isArray(blocks)) {
        add(`${base}/${where}`, 'must be a list of content blocks');
        continue;
      }
      blocks.forEach((b, k) => {
        if (!isPlainObject(b)) add(`${base}/${where}/${k}`, 'a content block must be an object { kind, text }');
        else checkConditions(b.enableWhen, `${base}/${where}/${k}/enableWhen`, b.enableBehavior, `${base}/${where}/${k}/enableBehavior`);
      });
    }
  });
  if (Array.isArray(doc.pages)) {
    for (const f of fieldNames) if (!placed.has(f)) add(`/schema/properties/${esc(f)}`, `"${f}" is on no page`);
  }

  // UI schema.
  if (doc.uiSchema !== undefined && !isPlainObject(doc.uiSchema)) add('/uiSchema', 'uiSchema must be an object keyed by field name');
  for (const [f, entry] of Object.entries(ui)) {
    const base = `/uiSchema/${esc(f)}`;
    if (!isField(f)) {
      add(base, `ui entry for "${f}", which is not a field of this form`);
      continue;
    }
    if (!isPlainObject(entry)) {
      add(base, 'a ui entry must be an object');
      continue;
    }
    const w = entry['ui:widget'];
    if (w === undefined) continue;
    if (typeof w !== 'string' || !(WIDGETS as readonly string[]).includes(w)) {
      add(`${base}/ui:widget`, `unknown widget ${q(w)} (expected one of ${WIDGETS.join(', ')})`);
      continue;
    }
    const s = props[f];
    const type = isPlainObject(s) ? s.type : undefined;
    const choice = isPlainObject(s) && (Array.isArray(s.enum) || Array.isArray(s.oneOf));
    const fit: Record<string, string[]> = {
      string: ['text', 'textarea', 'email', 'tel', 'date', 'time', 'datetime', 'display', ...(choice ? ['radio', 'select'] : [])],
      number: ['number', 'integer', 'display', ...(choice ? ['radio', 'select'] : [])],
      integer: ['number', 'integer', 'display', ...(choice ? ['radio', 'select'] : [])],
      boolean: ['yesNo', 'checkbox', 'radio', 'select', 'display'],
      array: ['checkboxes', 'display'],
    };
    const allowed = typeof type === 'string' ? fit[type] : undefined;
    if (allowed && !allowed.includes(w)) {
      add(`${base}/ui:widget`, `widget "${w}" does not fit ${choice && type !== 'array' ? 'a single-choice ' : 'a '}${type} field${(w === 'radio' || w === 'select') && !choice ? ' without options (enum or oneOf)' : ''}`);
    }
  }

  // Constraints.
  if (doc.constraints !== undefined) {
    if (!Array.isArray(doc.constraints)) add('/constraints', 'constraints must be a list');
    else doc.constraints.forEach((c, i) => {
      const base = `/constraints/${i}`;
      if (!isPlainObject(c)) {
        add(base, 'a constraint must be an object { id, kind, fields, message }');
        return;
      }
      if (typeof c.id !== 'string' || c.id === '') add(`${base}/id`, 'a constraint needs an id');
      if (c.kind !== 'atLeastOne') add(`${base}/kind`, `unknown constraint kind ${q(c.kind)} (expected atLeastOne)`);
      if (typeof c.message !== 'string') add(`${base}/message`, 'a constraint needs a message');
      if (!Array.isArray(c.fields) || c.fields.length === 0) add(`${base}/fields`, 'a constraint needs a non-empty list of fields');
      else c.fields.forEach((f, j) => {
        if (!isField(f)) add(`${base}/fields/${j}`, `${q(f)} is not a field of this form`);
      });
      if (c.path !== undefined && !isField(c.path)) add(`${base}/path`, `${q(c.path)} is not a field of this form`);
      checkConditions(c.when, `${base}/when`, c.whenBehavior, `${base}/whenBehavior`);
    });
  }
}
