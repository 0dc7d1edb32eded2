import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
// The project's config without its type-aware part (server/: no-floating-promises…): these tests
// read only the import rules, and a TypeScript program for server/ costs ~30 s per run.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ['server/**/*.ts'],
    languageOptions: { parserOptions: { project: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off', '@typescript-eslint/await-thenable': 'off' },
  },
});

async function boundaryMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/import-boundaries').map((m) => m.message);
}

describe('import boundaries (lint, part of npm test)', () => {
  it.each([
    ['renderer/ui/Widget.tsx', "import { x } from '../../src/routes';", 'renderer/ must not import from src/'],
    ['renderer/index.ts', "export * from '../server/app';", 'renderer/ must not import from server/'],
    ['renderer/index.ts', "import t from '../generated/types';", 'renderer/ must not import from generated/'],
    ['renderer/core/rules.ts', "import { useState } from 'react';", 'renderer/core must not import React'],
    ['renderer/core/rules.ts', "import { topTier } from '../../common';", 'renderer/ must not import from common/'],
    ['renderer/ui/Field.tsx', "import { TIER_LEAD } from '../../common/tierWords';", 'renderer/ must not import from common/'],
    ['common/tiers.ts', "import { x } from '../src/routes';", 'common/ must not import from src/'],
    ['common/tiers.ts', "import { x } from '../server/store';", 'common/ must not import from server/'],
    ['common/tiers.ts', "import { x } from '../renderer/core/index';", 'common/ must not import from renderer/'],
    ['common/tiers.ts', "import { readFileSync } from 'node:fs';", 'common/ must not import "node:fs"'],
    ['common/tiers.ts', "import { useState } from 'react';", 'common/ must not import "react"'],
    ['server/documents/check.ts', "import { x } from '../../scripts/codegen';", 'server/ must not import from scripts/'],
    ['renderer/core/rules.ts', "import Form from '@rjsf/core';", 'renderer/core must not import React'],
    ['renderer/core/rules.ts', "import { Widget } from '../ui/Widget';", 'renderer/core must not import the React side'],
    ['src/main.tsx', "import { buildServer } from '../server/app';", 'src/ must not import from server/'],
    ['src/api/x.ts', "const m = import('../../server/db');", 'src/ must not import from server/'],
    ['src/api/x.ts', "import Database from 'better-sqlite3';", 'src/ must not import server-only'],
    ['server/app.ts', "import { routes } from '../src/routes';", 'server/ must not import from src/'],
    ['server/app.ts', "import { Form } from '../renderer/ui/Form';", 'server/ may import only renderer/core'],
    ['src/preview/PreviewPage.tsx', "import doc from '../../tests/fixtures/forms/FIXTURE_TEXT.form.json';", 'src/ must not import from tests/'],
    ['src/main.tsx', "import { helper } from '../tests/unit/renderer-ui/fixtures';", 'src/ must not import from tests/'],
    ['src/flows/admin/AdminFormPage.tsx', "import { Field } from '../../../renderer/ui/Field';", 'src/ may import the renderer only through'],
    ['src/forms/loadForm.ts', "import { fromAjvValidator } from '../../renderer/core/schemaCheck';", 'src/ may import the renderer only through'],
    ['src/forms/x.ts', "import type { FormDocument } from '../../renderer/core/types';", 'src/ may import the renderer only through'],
    ['src/forms/x.ts', "const w = import('../../renderer/ui/widgets/DateWidget');", 'src/ may import the renderer only through'],
    ['renderer/core/fields.ts', "import doc from '../../schemas/forms/FIT_NOTE.form.json';", 'renderer/ must not import from schemas/'],
    ['renderer/ui/SchemaForm.tsx', "import meta from '../../schemas/meta/form-document.schema.json';", 'renderer/ must not import from schemas/'],
    ['server/engine/engine.ts', "import { ageOn } from '../../renderer/core/dates';", 'server/ imports renderer/core only through renderer/core/index.ts'],
    ['server/routes/appointments.ts', "import { assertServiceOpen } from './settings.js';", 'a route file must not import another route file'],
    [
      'src/flows/eligibility/EligibilityGuidelinePage.tsx',
      "import { TriageThankYouPage } from '../triage/TriageThankYouPage';",
      'src/flows/eligibility must not import another feature',
    ],
    ['src/flows/child/ChildMenuPage.tsx', "import { x } from '../eligibility/EligibilityMenuPage';", 'src/flows/child must not import another feature'],
    // The allow-list of modules still to move is gone: no feature module is an exception.
    [
      'src/flows/triage/TriageCompletePage.tsx',
      "import { SEND_FAILED_MESSAGE } from '../admin/adminFlow';",
      'src/flows/triage must not import another feature',
    ],
    [
      'src/flows/eligibility/EligibilityGuidelinePage.tsx',
      "import { startBooking } from '../booking/BookingScreen';",
      'src/flows/eligibility must not import another feature',
    ],
    ['src/flows/guideline/journey.ts', "import { x } from '../triage/safety/EmergencyQuestionsPage';", 'src/flows/guideline must not import another feature'],
  ])('%s: %s is refused', async (file, code, expected) => {
    const messages = await boundaryMessages(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(expected);
  });

  it.each([
    ['src/main.tsx', "import { x } from '../renderer/index';"],
    ['src/forms/x.ts', "import { prune } from '../../renderer/core/index';"],
    ['src/forms/x.ts', "import { SchemaForm } from '../../renderer/ui/index.ts';"],
    ['src/forms/x.ts', "import { SchemaForm } from '../../renderer';"],
    ['src/preview/PreviewPage.tsx', "import doc from '../../schemas/fixtures/forms/FIXTURE_TEXT.form.json';"],
    ['tests/unit/x.test.ts', "import { renderProbe } from '../../renderer/ui/formContext';"],
    ['src/main.tsx', "import { t } from '../generated/types';"],
    ['server/app.ts', "import { prune } from '../renderer/core/index';"],
    ['server/storedRequests.ts', "import { topTier } from '../common/index.js';"],
    ['src/flows/triage/TriageCompletePage.tsx', "import { topTier } from '../../../common';"],
    ['common/endings.ts', "import { topTier } from './tiers'; import type { PathwayKind } from '../generated/types/api/pathway-kind';"],
    ['server/routes/index.ts', "import { registerLoginRoutes } from './login.js';"],
    ['server/routes/login.ts', "import { sessionPatientId } from '../services/index.js';"],
    ['src/flows/eligibility/EligibilityGuidelinePage.tsx', "import { journey } from '../guideline/journey';"],
    ['src/flows/triage/QuestionnairePage.tsx', "import { x } from '../flowState';"],
    ['src/flows/triage/safety/SubmitEmergencyPage.tsx', "import { x } from '../QuestionnairePage';"],
    ['src/flows/booking/BookingScreen.tsx', "import { startBooking } from '../bookingRequest';"],
    ['src/flows/triage/bookingHandover.ts', "import { withSafety } from '../guideline/safety';"],
    ['src/routing/AddContactDetailsRoute.tsx', "import { adminFlow } from '../flows/admin/adminFlow';"],
    ['renderer/ui/Widget.tsx', "import { useState } from 'react'; import { prune } from '../core/prune';"],
    ['renderer/core/prune.ts', "import { isValid } from 'date-fns'; import { x } from './rules';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await boundaryMessages(file, code)).toEqual([]);
  });

  describe('no import cycles', () => {
    async function cycleMessages(file: string, code: string): Promise<string[]> {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/no-import-cycles').map((m) => m.message);
    }

    it('refuses an import that leads back to the importing file (as the old server/db.ts ↔ server/seed.ts cycle did)', async () => {
      const messages = await cycleMessages('server/seed.ts', "import { seedDatabase } from './seeding.js';\nexport const x = seedDatabase;\n");
      expect(messages).toEqual([expect.stringContaining('Import cycle: server/seed.ts → server/seeding.ts → server/seed.ts')]);
    });

    it('refuses a longer cycle through several files', async () => {
      // renderer/index.ts re-exports renderer/core, so renderer/core importing the index closes a loop.
      const messages = await cycleMessages('renderer/core/index.ts', "export * from '../index';\n");
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(/^Import cycle: renderer\/core\/index\.ts → renderer\/index\.ts → .*renderer\/core\/index\.ts/);
    });

    it('allows type-only imports and imports that do not come back', async () => {
      expect(await cycleMessages('server/seed.ts', "import type { Db } from './db.js';\nexport type X = Db;\n")).toEqual([]);
      expect(await cycleMessages('server/db.ts', "import { DEMO_SETTINGS } from './seed.js';\nexport const y = DEMO_SETTINGS;\n")).toEqual([]);
    });
  });
});
