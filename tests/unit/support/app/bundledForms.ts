// Page tests draw forms without a server: the loader (src/forms/loadForm.ts) is handed the
// build-time copies in generated/ (the same documents the server serves, codegen --check keeps
// them equal). The loader's own tests (forms-loader.test.ts) go through fetch and import().
import type { FormDocument } from '../../../../renderer/index';
import { fromAjvValidator } from '../../../../renderer/index';
import type { PrecompiledValidator } from '../../../../generated/validators/types';
import { resetFormCache } from '../../../../src/forms/loadForm';

export function serveBundledForms(): void {
  resetFormCache({
    from: async (id) => {
      const [doc, validator] = await Promise.all([
        import(`../../../../generated/forms/${id}.ts`) as Promise<{ default: FormDocument }>,
        import(`../../../../generated/validators/${id}.js`) as Promise<{ default: PrecompiledValidator }>,
      ]);
      return { doc: doc.default, schemaCheck: fromAjvValidator(validator.default) };
    },
  });
}
