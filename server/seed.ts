import type { Db } from './db.js';
import { writeSetting } from './db.js';

/** The demo practice: what a fresh `npm start` shows. */
export const DEMO_CLINIC = {
  name: 'Riverside Medical Practice',
  street: '12 Riverside Road',
  city: 'Leeds',
  postcode: 'LS1 4AP',
  telephone: '0113 496 0000',
  email: 'reception@riverside-practice.example',
  clinicUrl: 'https://riverside-practice.example',
  identifier: 'B86001',
  privacyPolicyUrl: 'https://riverside-practice.example/privacy',
  tenantId: 'riverside',
};

export function seedDatabase(db: Db): void {
  db.transaction(() => {
    writeSetting(db, 'clinic', DEMO_CLINIC);
  })();
}
