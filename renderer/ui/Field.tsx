// One field of a document, by its name on a page: an answer (FieldView.tsx), a group drawn as a
// fieldset of its fields, or a list drawn as the "add another" pattern (Structure.tsx). What a
// widget draws comes from the registry (widgets/index.ts, overridable with <SchemaForm widgets={…}>);
// the words come from the strings catalogue (strings.ts).
import { memo } from 'react';
import { useFormContext } from './formContext';
import { FieldView } from './FieldView';
import { GroupField, ListField } from './Structure';

export { DEFAULT_TEXTAREA_MAX } from './widgets/TextareaWidget';
/** A field of the form, a group (fieldset) or a list ("add another"), by its name on the page. */
export const Field = memo(function Field({ name }: { name: string }) {
  const { store, required } = useFormContext();
  if (store.compiled.structure.groups.has(name)) return <GroupField name={name} />;
  if (store.compiled.structure.lists.has(name)) return <ListField name={name} />;
  return <FieldView path={name} field={name} compiled={store.compiled} required={required.has(name)} />;
});
