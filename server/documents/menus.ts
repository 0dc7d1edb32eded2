import type { FormDocument } from '../../renderer/core/index';
import type { FormMenuEntry, WithFormMenu } from '../../common/index.js';
import type { Pathway } from '../engine/pathway.js';
import { pathwaySettings } from '../engine/settings.js';
import { DEMO_PATHWAY_DOCUMENTS } from '../seed.js';
import type { LiveDocumentsOptions, ServedDocument } from './liveDocumentTypes.js';
import { syncAdminFormsMenu, syncPathwaySettings } from './versions.js';

/**
 * Writes the admin-forms settings' menu from the served forms (a practice's explicit disable kept),
 * and the pathway lists from the served pathways. `practicePathwaysListed`: whether the lists held
 * practice pathways after the last sync. Answers whether they hold any now.
 */
export async function syncDocumentMenus(options: LiveDocumentsOptions, served: readonly ServedDocument[], practicePathwaysListed: boolean): Promise<boolean> {
  const menus: Array<{ id: string; menu: FormMenuEntry }> = [];
  for (const d of served) {
    const menu = d.kind === 'form' ? (d.document as FormDocument & WithFormMenu).menu : undefined;
    if (menu) menus.push({ id: d.id, menu });
  }
  await syncAdminFormsMenu(options.store, menus, options.adminFormsDefaults);
  // A practice pathway joins the search and the lists (the built-in ones are written at seeding, server/seeding.ts).
  const practicePathways = served.filter((d) => d.kind === 'pathway' && d.source === 'practice').map((d) => d.document as Pathway);
  // …and leaves them again when its file is gone (the built-in lists come back).
  if (practicePathways.length > 0 || practicePathwaysListed) {
    const byId = new Map(DEMO_PATHWAY_DOCUMENTS.map((p) => [p.guidelineId, p]));
    for (const p of practicePathways) byId.set(p.guidelineId, p);
    await syncPathwaySettings(options.store, pathwaySettings([...byId.values()]));
  }
  return practicePathways.length > 0;
}
