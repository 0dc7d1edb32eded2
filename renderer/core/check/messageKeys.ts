// Message keys: the keys of the document's `messages` and of each field's `ui:errors` must be
// checks the renderer makes (DEFAULT_MESSAGES: required, notBefore…) or the id of one of the
// document's constraints. A misspelt key ("notbefore") would never be read, and the default
// message would silently replace the configurer's wording.
import { DEFAULT_MESSAGES } from '../messages';
import { isPlainObject } from '../text';
import { esc, type CheckContext } from './context';
import { nearMiss } from './nearMiss';

export function checkMessageKeys({ doc, add }: CheckContext): void {
  const constraintIds = Array.isArray(doc.constraints) ? doc.constraints.flatMap((c) => (isPlainObject(c) && typeof c.id === 'string' ? [c.id] : [])) : [];
  const known = [...Object.keys(DEFAULT_MESSAGES), ...constraintIds];
  const checkKeys = (messages: unknown, base: string) => {
    if (!isPlainObject(messages)) return;
    for (const key of Object.keys(messages)) {
      if (known.includes(key)) continue;
      const near = nearMiss(key, known);
      add(
        `${base}/${esc(key)}`,
        `unknown message key "${key}"${near ? ` — did you mean "${near}"?` : ''} (it would never be shown: the default message is used instead; keys are ${Object.keys(DEFAULT_MESSAGES).join(', ')}${constraintIds.length ? ` or a constraint id: ${constraintIds.join(', ')}` : ''})`,
      );
    }
  };
  checkKeys(doc.messages, '/messages');
  if (isPlainObject(doc.uiSchema)) {
    for (const [f, entry] of Object.entries(doc.uiSchema)) if (isPlainObject(entry)) checkKeys(entry['ui:errors'], `/uiSchema/${esc(f)}/ui:errors`);
  }
}
