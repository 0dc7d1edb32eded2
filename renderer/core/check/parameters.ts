// Declared run-time parameters: each needs a type.
import { isPlainObject } from '../text';
import { esc, type CheckContext } from './context';

export function checkParameters({ doc, declared, add }: CheckContext): void {
  if (doc.parameters !== undefined && !isPlainObject(doc.parameters)) add('/parameters', 'parameters must be an object keyed by parameter name');
  for (const [p, d] of Object.entries(declared)) {
    if (!isPlainObject(d) || !['number', 'integer', 'boolean', 'string'].includes(String(d.type))) {
      add(`/parameters/${esc(p)}/type`, 'a parameter needs a type: number, integer, boolean or string');
    }
  }
}
