import { getJson } from '../api/client';
import { ENGINE_PATHS, engineUrl } from '../api/engine';
import type { SearchEntry } from './symptomSearch';

interface SelfHelpLink {
  label: string;
  url: string;
}

/** One condition of the pathway library with its self-help links (a symptom of a pathway). */
export interface SelfHelpEntry extends SearchEntry {
  links: SelfHelpLink[];
  /** The pathways (guideline ids) whose symptoms gave this condition. */
  pathways: string[];
}

/** The self-help page opened at one pathway's conditions and links ("Get self-help" on the no-slots screen). */
export function selfHelpPathFor(guidelineId: string): string {
  return `/self-help?guideline=${encodeURIComponent(guidelineId)}`;
}

interface SymptomLike {
  label?: unknown;
  guid?: unknown;
  synonyms?: unknown;
  selfHelp?: { webLinks?: unknown };
}

const isLink = (l: unknown): l is SelfHelpLink =>
  !!l &&
  typeof l === 'object' &&
  typeof (l as SelfHelpLink).label === 'string' &&
  typeof (l as SelfHelpLink).url === 'string' &&
  /^https:\/\//.test((l as SelfHelpLink).url);

/**
 * The searchable self-help conditions of the engine's guideline list (`GET /Guideline`): one
 * entry per pathway symptom that has self-help web links, its label and synonyms as the search
 * words (the same engine and weights as the medical search). Only https links are kept. The same
 * condition in two pathways (by label) is one entry with the links of both.
 */
export function selfHelpEntries(guidelines: unknown): SelfHelpEntry[] {
  const byLabel = new Map<string, SelfHelpEntry>();
  for (const g of Array.isArray(guidelines) ? guidelines : []) {
    const symptoms = (g as { symptoms?: unknown })?.symptoms;
    const guidelineId = (g as { guidelineId?: unknown })?.guidelineId;
    const pathways = typeof guidelineId === 'string' ? [guidelineId] : [];
    for (const s of Array.isArray(symptoms) ? (symptoms as SymptomLike[]) : []) {
      if (typeof s?.label !== 'string') continue;
      const links = Array.isArray(s.selfHelp?.webLinks) ? s.selfHelp.webLinks.filter(isLink) : [];
      if (links.length === 0) continue;
      const synonyms = Array.isArray(s.synonyms) ? s.synonyms.filter((w): w is string => typeof w === 'string') : [];
      const key = s.label.toLowerCase();
      const existing = byLabel.get(key);
      if (existing) {
        for (const l of links) if (!existing.links.some((e) => e.url === l.url)) existing.links.push(l);
        for (const w of synonyms) if (!existing.symptoms.includes(w)) existing.symptoms.push(w);
        for (const id of pathways) if (!existing.pathways.includes(id)) existing.pathways.push(id);
      } else {
        byLabel.set(key, {
          guidelineId: typeof s.guid === 'string' ? s.guid : key,
          label: s.label,
          symptoms: [...synonyms],
          links: [...links],
          pathways: [...pathways],
        });
      }
    }
  }
  return [...byLabel.values()].sort((a, b) => a.label.localeCompare(b.label));
}

export async function loadSelfHelpEntries(useProxy: boolean): Promise<SelfHelpEntry[]> {
  return selfHelpEntries(await getJson<unknown>(engineUrl(ENGINE_PATHS.guidelines, useProxy)));
}
