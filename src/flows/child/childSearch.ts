// The child menu's pathway list and symptom search, without React: the menu page draws them, and
// the unit tests search the real library with them.
import { SymptomSearch, searchSettings } from '../../search/symptomSearch';
import { isChildPathway, type PathwayKind } from '../guideline/pathwayKind';

export interface ChildGuideline {
  guidelineId: string;
  /** The pathway document's kind: the menu lists the child kind only. */
  kind?: PathwayKind;
  label: string;
  shortDescription?: string;
  suitableFor?: string;
  notSuitableFor?: string;
  /** The pathway's symptom labels and synonyms (the child search's index). */
  symptoms?: string[];
  /** The pathway's age restrictions: the menu offers it only to a child inside them. */
  minAge?: number;
  maxAge?: number;
  /** The pathway's sex-at-birth restriction: the search does not offer it to a child of the other sex. */
  sexAtBirth?: 'female' | 'male';
}

/** The child "something else" pathway: offered on its own, never as a search result or in the list. */
export const CHILD_SOMETHING_ELSE_ID = 'Form.U16.SomethingElse';

/**
 * The practice's `childGuidelines` (shared settings), well-formed Form.U16 entries only, by label;
 * with `age`, only those whose age restrictions take the child (a baby's feeding pathway is not
 * offered to a 10-year-old, who would only be refused).
 */
export function childGuidelines(raw: unknown, age?: number): ChildGuideline[] {
  if (!Array.isArray(raw)) return [];
  const takes = (g: ChildGuideline) =>
    age === undefined || ((typeof g.minAge !== 'number' || age >= g.minAge) && (typeof g.maxAge !== 'number' || age <= g.maxAge));
  return raw
    .filter(
      (g): g is ChildGuideline =>
        !!g && typeof g === 'object' && typeof (g as ChildGuideline).guidelineId === 'string' && typeof (g as ChildGuideline).label === 'string',
    )
    .filter((g) => isChildPathway(g))
    .filter(takes)
    .map((g) => {
      const { sexAtBirth, ...rest } = g;
      return {
        ...rest,
        symptoms: Array.isArray(g.symptoms) ? g.symptoms.filter((w): w is string => typeof w === 'string') : [],
        ...(sexAtBirth === 'female' || sexAtBirth === 'male' ? { sexAtBirth } : {}),
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The child symptom search (src/search, as the adult search): the child pathways but "something
 * else", matched on label, symptom words and what each is suitable for. A pathway for one sex at
 * birth carries it, so a search given the child's sex (`search(text, { sexAtBirth })`) leaves it
 * out for the other sex and reports it in `otherSex`.
 */
export function childSearch(options: readonly ChildGuideline[], settings?: Parameters<typeof searchSettings>[0]): SymptomSearch {
  return new SymptomSearch(
    options
      .filter((o) => o.guidelineId !== CHILD_SOMETHING_ELSE_ID)
      .map((o) => ({
        guidelineId: o.guidelineId,
        label: o.label,
        symptoms: o.symptoms ?? [],
        ...(o.suitableFor ? { suitableFor: o.suitableFor } : {}),
        ...(o.notSuitableFor ? { notSuitableFor: o.notSuitableFor } : {}),
        ...(o.sexAtBirth ? { sexAtBirth: o.sexAtBirth } : {}),
      })),
    searchSettings(settings),
  );
}
