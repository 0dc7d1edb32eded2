// @vitest-environment jsdom
// The practice's number is a tel: link everywhere, drawn by one component
// (src/components/PracticePhone.tsx); the pages keep their sentences word for word.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { cleanup, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_PATHS } from '../../../../src/api/settings';
import EligibilitySomethingWentWrongPage from '../../../../src/flows/eligibility/EligibilitySomethingWentWrongPage';
import { ClosedHomeStatement } from '../../../../src/pages/ClosedHomeStatement';
import NotFoundPage from '../../../../src/pages/NotFoundPage';
import { renderWithSettings, stubFetch } from '../../support/app/renderWithSettings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const SRC = path.resolve(__dirname, '../../../../src');
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('one practice phone link', () => {
  it('no page writes its own tel: link (only PracticePhone.tsx, and EmergencyNumber.tsx for 999/111)', () => {
    const own = files(SRC)
      .filter((f) => readFileSync(f, 'utf8').includes('tel:'))
      .map((f) => path.relative(SRC, f))
      .sort();
    expect(own).toEqual(['components/PracticePhone.tsx', 'screening/EmergencyNumber.tsx']);
  });

  const pages: Array<[string, ComponentType, string, string]> = [
    ['NotFoundPage', NotFoundPage, '/nowhere', 'If you need help, call Test Surgery on 0100 000 0000.'],
    ['ClosedHomeStatement', ClosedHomeStatement, '/', 'Please use the link in your message, or contact the practice on 0100 000 0000.'],
    [
      'EligibilitySomethingWentWrongPage',
      EligibilitySomethingWentWrongPage,
      '/eligibility/something-went-wrong',
      'Please call the practice on 0100 000 0000 so that they can help you.',
    ],
  ];
  it.each(pages)('%s: the sentence as before, the number a tel: link', async (_name, Page, entry, sentence) => {
    stubFetch({ [SETTINGS_PATHS.clinic]: { name: 'Test Surgery', telephone: '0100 000 0000' } });
    renderWithSettings(Page, entry);
    const link = await screen.findByRole('link', { name: '0100 000 0000' });
    expect(link.getAttribute('href')).toBe('tel:01000000000');
    expect(link.className).toBe('app-tel-link');
    expect(document.body.textContent?.replace(/\s+/g, ' ')).toContain(sentence);
  });
});
