// The document store's pure parts and the menu sync (server/documents): hashes ignore layout, and
// the admin-forms menu follows the documents while keeping a practice's own switch-off.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../server/db';
import { getSetting, putSetting } from '../../../../server/settingsStore';
import { openStore, type Sql } from '../../../../server/store/index';
import { canonicalJson, documentHash } from '../../../../server/documents/liveDocuments';
import { syncAdminFormsMenu } from '../../../../server/documents/versions';
import { DEMO_ADMIN_FORMS } from '../../../../server/seed';
import type { FormMenuEntry } from '../../../../common';

describe('document hashes', () => {
  it('are the same for the same document whatever its key order and layout, and differ for any change', () => {
    const a = { id: 'X', schema: { type: 'object', properties: { b: { maxLength: 300 }, a: { type: 'string' } } } };
    const b = JSON.parse(
      JSON.stringify({ schema: { properties: { a: { type: 'string' }, b: { maxLength: 300 } }, type: 'object' }, id: 'X' }, null, 4),
    ) as unknown;
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(documentHash(a)).toBe(documentHash(b));
    expect(documentHash(a)).toMatch(/^[0-9a-f]{16}$/);
    expect(documentHash({ ...a, schema: { ...a.schema, properties: { ...a.schema.properties, b: { maxLength: 20 } } } })).not.toBe(documentHash(a));
    expect(canonicalJson([1, 'x', null, { z: true, y: [] }])).toBe('[1,"x",null,{"y":[],"z":true}]');
  });
});

describe('syncAdminFormsMenu', () => {
  let dir: string;
  let db: Sql;
  const entry = (label: string, order: number): FormMenuEntry => ({ label, subTitle: `${label} subtitle`, requiresPatientRecord: true, order });
  const menu = async () =>
    (await getSetting<{ forms: Array<{ type: string; label: string }>; patientEnabledForms: string[]; links: unknown }>(db, 'admin-forms'))!;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gp-menu-'));
    db = await openStore({ sqlite: openDatabase(dir) });
  });
  afterEach(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the forms by order, enables new ones, keeps a switch-off, drops forms without a document, keeps links', async () => {
    await syncAdminFormsMenu(
      db,
      [
        { id: 'B', menu: entry('Bee', 20) },
        { id: 'A', menu: entry('Ay', 10) },
      ],
      DEMO_ADMIN_FORMS,
    );
    expect((await menu()).forms.map((f) => f.type)).toEqual(['A', 'B']);
    expect((await menu()).patientEnabledForms).toEqual(['A', 'B']);
    expect((await menu()).links).toEqual(DEMO_ADMIN_FORMS.links);

    // The practice switches B off; a new form C arrives; A's document is removed.
    await putSetting(db, 'admin-forms', { ...(await menu()), patientEnabledForms: ['A'] });
    await syncAdminFormsMenu(
      db,
      [
        { id: 'B', menu: entry('Bee again', 20) },
        { id: 'C', menu: entry('Sea', 5) },
      ],
      DEMO_ADMIN_FORMS,
    );
    expect((await menu()).forms.map((f) => [f.type, f.label])).toEqual([
      ['C', 'Sea'],
      ['B', 'Bee again'],
    ]);
    expect((await menu()).patientEnabledForms).toEqual(['C']);
  });
});
