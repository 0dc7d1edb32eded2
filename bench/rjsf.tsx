// Bench page: plain @rjsf/core Form with @rjsf/validator-ajv8's default validator (compiled
// with ajv at run time, so this page needs eval: it is served without a CSP), default theme,
// liveValidate off, uncontrolled (the Form keeps its own formData). `&shape=nested`: the form of
// 20 groups (nested objects) and a 50-item array of objects (bench/generate.ts nestedForms).
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { nestedForms, rjsfForm } from './generate';
import { installBench, markFirstRender, sizeFromUrl } from './measure';

const bench = installBench();
const nested = new URLSearchParams(location.search).get('shape') === 'nested' ? nestedForms().rjsf : undefined;
const form = nested ?? rjsfForm(sizeFromUrl());

function Page() {
  useLayoutEffect(() => markFirstRender(bench), []);
  return (
    <Form schema={form.schema as RJSFSchema} uiSchema={form.uiSchema as UiSchema} formData={nested?.formData} validator={validator} liveValidate={false} />
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Page />);
