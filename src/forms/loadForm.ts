import type { FormDocument, SchemaCheck } from '../../renderer/index';
import type { PrecompiledValidator } from '../../generated/validators/types';

export interface LoadedForm {
  doc: FormDocument;
  schemaCheck: SchemaCheck;
}

/** Adapts an ajv standalone validator (generated/validators) to renderer/core's SchemaCheck. */
export function toSchemaCheck(validate: PrecompiledValidator): SchemaCheck {
  return (data) => {
    if (validate(data)) return [];
    return (validate.errors ?? []).map(({ instancePath, keyword, params }) => ({ instancePath, keyword, params }));
  };
}

/**
 * Loads one build-time form document and its precompiled validator as their own chunks, so
 * a patient downloads only the form they open. `id` must be a document id (checked by the caller).
 */
export async function loadForm(id: string): Promise<LoadedForm> {
  const [docModule, validatorModule] = await Promise.all([
    import(`../../generated/forms/${id}.ts`) as Promise<{ default: FormDocument }>,
    import(`../../generated/validators/${id}.js`) as Promise<{ default: PrecompiledValidator }>,
  ]);
  return { doc: docModule.default, schemaCheck: toSchemaCheck(validatorModule.default) };
}
