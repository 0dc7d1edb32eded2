// @vitest-environment jsdom
// The patient app's form loader (src/forms/loadForm.ts, src/forms/useForm.tsx): every form comes
// from GET /api/v1/documents/forms/:id and its hashed validator module, never from the bundle.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OTHER_ENQUIRY from '../../../../generated/forms/OTHER_ENQUIRY';
import validateOtherEnquiry from '../../../../generated/validators/OTHER_ENQUIRY';
import { DOCUMENT_PATHS } from '../../../../src/api/documents';
import { FormLoadError, loadForm, loadedForm, prefetchForms, resetFormCache } from '../../../../src/forms/loadForm';
import { FormLoadProblem, useForm } from '../../../../src/forms/useForm';

const VALIDATOR_URL = '/api/v1/documents/validators/0123456789abcdef.js';
const SERVED = { id: 'OTHER_ENQUIRY', version: 3, hash: '0123456789abcdef', document: OTHER_ENQUIRY, validator: VALIDATOR_URL };

type Answer = { status: number; body: unknown } | 'offline';
let answers: Answer[];
let fetched: string[];
let imported: string[];
let importFails: boolean;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  answers = [];
  fetched = [];
  imported = [];
  importFails = false;
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(String(url));
    const next = answers.shift() ?? { status: 200, body: SERVED };
    if (next === 'offline') throw new TypeError('Failed to fetch');
    return json(next.status, next.body);
  });
  resetFormCache({
    importer: async (url) => {
      imported.push(url);
      if (importFails) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: validateOtherEnquiry };
    },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetFormCache();
});

async function failure(id: string): Promise<FormLoadError> {
  const error: unknown = await loadForm(id).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FormLoadError);
  return error as FormLoadError;
}

describe('loadForm', () => {
  it('fetches the document from the server and imports the validator module it names', async () => {
    const form = await loadForm('OTHER_ENQUIRY');
    expect(fetched).toEqual([DOCUMENT_PATHS.form('OTHER_ENQUIRY')]);
    expect(fetched[0]).toBe('/api/v1/documents/forms/OTHER_ENQUIRY');
    expect(imported).toEqual([VALIDATOR_URL]);
    expect(form.doc).toEqual(OTHER_ENQUIRY);
    expect(form.version).toEqual({ id: 'OTHER_ENQUIRY', version: 3, hash: '0123456789abcdef' });
    // The schema check is the served validator's: a missing required answer is reported.
    expect(form.schemaCheck({}).map((e) => e.keyword)).toContain('required');
  });

  it('loads a form once per page life: the next page and the receipt reuse it', async () => {
    const first = await loadForm('OTHER_ENQUIRY');
    const again = await loadForm('OTHER_ENQUIRY');
    expect(again).toBe(first);
    expect(loadedForm('OTHER_ENQUIRY')).toBe(first);
    expect(fetched).toHaveLength(1);
    expect(imported).toHaveLength(1);
  });

  it('prefetching starts the load, so the page that needs the form finds it loaded', async () => {
    prefetchForms('OTHER_ENQUIRY');
    expect(fetched).toHaveLength(1);
    await loadForm('OTHER_ENQUIRY');
    expect(fetched).toHaveLength(1);
  });

  it('names why a load failed: not found, the server, the validator, or the connection', async () => {
    answers = [{ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No form UNKNOWN' } }];
    expect((await failure('UNKNOWN')).kind).toBe('not-found');

    answers = [{ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } }];
    expect((await failure('OTHER_ENQUIRY')).kind).toBe('server');

    answers = ['offline'];
    expect((await failure('OTHER_ENQUIRY')).kind).toBe('network');

    importFails = true;
    expect((await failure('OTHER_ENQUIRY')).kind).toBe('validator');
  });

  it('refuses an answer that is not a form document, and a validator from anywhere but the server', async () => {
    answers = [{ status: 200, body: { ...SERVED, document: { title: 'no pages' } } }];
    expect((await failure('OTHER_ENQUIRY')).kind).toBe('server');
    answers = [{ status: 200, body: { ...SERVED, validator: 'https://elsewhere.example/v.js' } }];
    expect((await failure('OTHER_ENQUIRY')).kind).toBe('server');
    answers = [{ status: 200, body: { ...SERVED, validator: '/api/v1/documents/validators/../../evil.js' } }];
    expect((await failure('OTHER_ENQUIRY')).kind).toBe('server');
    expect(imported).toEqual([]);
  });

  it('forgets a failed load, so trying again asks the server again', async () => {
    answers = ['offline'];
    await failure('OTHER_ENQUIRY');
    const form = await loadForm('OTHER_ENQUIRY');
    expect(form.doc.title).toBe(OTHER_ENQUIRY.title);
    expect(fetched).toHaveLength(2);
  });
});

function Page({ id }: { id: string }) {
  const state = useForm(id);
  if (state.status !== 'ready') return <FormLoadProblem state={state} />;
  return <h1>{state.form.doc.pages[0]?.title}</h1>;
}

describe('a page while its form loads, and when it could not be loaded', () => {
  it('says "check your internet connection" only when the fetch itself failed, and Try again draws the form', async () => {
    answers = ['offline'];
    render(<Page id="OTHER_ENQUIRY" />);
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Preparing information');
    await screen.findByRole('heading', { level: 1, name: 'The form could not be loaded' });
    expect(screen.getByTestId('form-load-problem').textContent).toMatch(/check your internet connection/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: OTHER_ENQUIRY.pages[0]!.title! });
    expect(fetched).toHaveLength(2);
  });

  it('a server problem is not blamed on the connection', async () => {
    answers = [{ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } }];
    render(<Page id="OTHER_ENQUIRY" />);
    await screen.findByRole('heading', { level: 1, name: 'The form could not be loaded' });
    const text = screen.getByTestId('form-load-problem').textContent ?? '';
    expect(text).not.toMatch(/connection/);
    expect(text).toMatch(/problem with this form at the practice/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('an unknown form offers no retry', async () => {
    answers = [{ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No form' } }];
    render(<Page id="NOPE" />);
    await screen.findByRole('heading', { level: 1, name: 'The form could not be loaded' });
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByTestId('form-load-problem').textContent).toMatch(/not available from the practice/);
  });

  it('a form already loaded draws on the first render, without the loading state', async () => {
    await loadForm('OTHER_ENQUIRY');
    render(<Page id="OTHER_ENQUIRY" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(OTHER_ENQUIRY.pages[0]!.title);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
