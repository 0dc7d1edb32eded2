import { SymptomSearch, searchSettings } from '../../search/symptomSearch';
import { triageLibrary, type TriageLibrary } from '../../search/triageMapping';
import { markCrisisPathways } from '../../screening/phraseList';
import type { SearchType } from '../guideline/journey';

/** The patient-details link of a chosen pathway, with how it was found (custom data of $start). */
export function patientDetailsLink(guidelineId: string, searchType: SearchType, searchTerm: string, searchMatches: string[]): string {
  const query = new URLSearchParams({ guideline: guidelineId, searchTerm, searchType, searchMatches: searchMatches.join(',') });
  return `/triage/patient-details?${query.toString()}`;
}

/**
 * The search over each version of the library, built once: building it indexes every pathway's
 * label and symptoms (the page's costliest step, on the server's render of it most of all), so a
 * page drawn again, by the server for the next patient or in the browser after going back, reuses
 * it. A version is the settings' content (each server render reads them afresh, as new objects);
 * the last few are kept, as the practice's configurer may change them while the server runs.
 */
const searches = new Map<string, { library: TriageLibrary; engine: SymptomSearch }>();
const SEARCHES_KEPT = 4;

export function triageSearch(mapping: unknown, rawSearchSettings: Parameters<typeof searchSettings>[0]): { library: TriageLibrary; engine: SymptomSearch } {
  const version = JSON.stringify([mapping ?? null, rawSearchSettings ?? null]);
  let built = searches.get(version);
  if (!built) {
    const library = triageLibrary(mapping);
    built = { library, engine: new SymptomSearch(markCrisisPathways(library.entries), searchSettings(rawSearchSettings)) };
    if (searches.size >= SEARCHES_KEPT) searches.delete(searches.keys().next().value!);
    searches.set(version, built);
  }
  return built;
}
