import { fromAjvValidator, type FormDocument, type SchemaCheck } from '../../renderer/index';
import type { PrecompiledValidator } from '../../generated/validators/types';

export interface LoadedForm {
  doc: FormDocument;
  schemaCheck: SchemaCheck;
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
  return { doc: docModule.default, schemaCheck: fromAjvValidator(validatorModule.default) };
}
