// Constraints (checks that span several fields): id, kind, message, fields, path and when.
import { isPlainObject } from '../text';
import type { CheckConditions } from './conditions';
import { q, type CheckContext } from './context';

export function checkConstraints({ doc, isField, add, notAField }: CheckContext, checkConditions: CheckConditions): void {
  if (doc.constraints !== undefined) {
    if (!Array.isArray(doc.constraints)) add('/constraints', 'constraints must be a list');
    else
      doc.constraints.forEach((c, i) => {
        const base = `/constraints/${i}`;
        if (!isPlainObject(c)) {
          add(base, 'a constraint must be an object { id, kind, fields, message }');
          return;
        }
        if (typeof c.id !== 'string' || c.id === '') add(`${base}/id`, 'a constraint needs an id');
        if (c.kind !== 'atLeastOne') add(`${base}/kind`, `unknown constraint kind ${q(c.kind)} (expected atLeastOne)`);
        if (typeof c.message !== 'string') add(`${base}/message`, 'a constraint needs a message');
        if (!Array.isArray(c.fields) || c.fields.length === 0) add(`${base}/fields`, 'a constraint needs a non-empty list of fields');
        else
          c.fields.forEach((f, j) => {
            if (!isField(f)) add(`${base}/fields/${j}`, notAField(f));
          });
        if (c.path !== undefined && !isField(c.path)) add(`${base}/path`, notAField(c.path));
        checkConditions(c.when, `${base}/when`, c.whenBehavior, `${base}/whenBehavior`);
      });
  }
}
