// The production build (dist/, what npm start serves) carries no /_preview page and no fixture
// documents; the e2e build (dist-e2e/, which these browser tests are served) does — so the check
// below is shown to see preview code when it is there. Both builds are made by global-setup.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script, no type declarations
import { previewFindings } from '../../scripts/check-no-preview.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const findings = previewFindings as (dir: string) => string[];

describe('the /_preview page is development-only', () => {
  it('the production build holds no preview page, preview styles or fixture documents', () => {
    expect(findings(path.join(root, 'dist'))).toEqual([]);
  });

  it('the e2e build does hold them, so the check sees preview code when it is bundled', () => {
    const found = findings(path.join(root, 'dist-e2e'));
    expect(found.some((f) => f.includes('"app-preview"'))).toBe(true);
    expect(found.some((f) => f.includes('FIXTURE_KITCHEN_SINK'))).toBe(true);
    expect(found.some((f) => f.includes('bundles') && f.includes('src/preview/PreviewPage.tsx'))).toBe(true);
  });
});
