import { names, type Weights } from './searchTypes';
import type { WordKind } from './words';

/**
 * Sum of each word's weight, divided by the number of words that name something (found in a
 * label or among the symptoms of any pathway), capped at 1. Words found nowhere, or only in
 * suitable-for texts, add what they weigh but do not dilute, nor do words that name nothing
 * (`kinds`: VERB_WORDS such as "wont" and "go", found in many symptoms: "varruca that wont go" is
 * about a verruca) when a meaningful word names something; when no word names anything, every
 * word found somewhere counts.
 */
export function combine(perToken: Weights[], kinds: WordKind[] = []): Weights {
  const sums: Weights = new Map();
  let naming = 0;
  let namingNothing = 0;
  let meaningfulNames = false;
  let found = 0;
  for (const [k, weights] of perToken.entries()) {
    let named = false;
    for (const [id, w] of weights) {
      sums.set(id, (sums.get(id) ?? 0) + w);
      if (!named && names(w)) named = true;
    }
    if (named) naming++;
    if (named && kinds[k] === 'nothing') namingNothing++;
    if (named && (kinds[k] ?? 'meaningful') === 'meaningful') meaningfulNames = true;
    if (weights.size > 0) found++;
  }
  // Words naming nothing dilute only a text with no meaningful word found ("keeps hurting" stays weak).
  if (meaningfulNames) naming -= namingNothing;
  // Only suitable-for words: each counts (so a suitable-for-only match scores 0.2, under the default threshold).
  const divisor = naming > 0 ? naming : found;
  const out: Weights = new Map();
  if (divisor === 0) return out;
  for (const [id, sum] of sums) out.set(id, Math.min(1, sum / divisor));
  return out;
}

/**
 * The pathways of a list (in its order) that fit more than half of what another of them fits: one
 * fitting only "head" of "head lice" goes when another fits "head" and "lice", while one fitting
 * "sticky" and "eye" of "red sticky eye" stays beside one fitting all three (a near sibling, not
 * another sense of a word). A stop word a pathway holds beside the same word (`coverage`) weighs
 * half a word: "out of breath" fits breathlessness twice as well as bad breath, while "numbness
 * in my hand" held as a phrase by carpal tunnel does not push out numbness, which fits both words.
 * Whether a pathway goes depends only on which words it fits, so each distinct fit is weighed once.
 */
export function undominated(
  list: Array<[number, number]>,
  covers: (id: number) => number,
  stopBits: number,
  others: readonly number[] = [],
): Array<[number, number]> {
  if (list.length + others.length < 2) return list;
  const weigh = (b: number) => 2 * bitCount(b & ~stopBits) + bitCount(b & stopBits);
  const bits = list.map(([id]) => covers(id));
  // The pathways that fit but are not offered (for the other sex at birth) still say what the words
  // mean: "period pain" from a man is not heel pain.
  const fits = [...new Set([...bits, ...others.map(covers)])].map((b) => [b, weigh(b)] as const);
  const dominated = new Map<number, boolean>();
  const isDominated = (b: number) => {
    let out = dominated.get(b);
    if (out === undefined) {
      const weight = weigh(b);
      out = fits.some(([other, w]) => (other & b) === b && weight * 2 <= w && w > weight);
      dominated.set(b, out);
    }
    return out;
  };
  return list.filter((_, i) => !isDominated(bits[i]!));
}

/** Every two words side by side in the text, stop words kept, as " word word " (the form of the index's phrases). */
export function wordPairs(all: readonly string[]): string[] {
  return all.slice(1).map((w, i) => ` ${all[i]} ${w} `);
}

/** The positions of the text's stop words (its first 31 words), as `coverage` numbers the words. */
export function stopWordBits(all: readonly string[], isStop: (w: string) => boolean): number {
  let bits = 0;
  for (let i = 0; i < Math.min(31, all.length); i++) if (isStop(all[i]!)) bits |= 1 << i;
  return bits;
}

function bitCount(n: number): number {
  let c = 0;
  for (let v = n; v !== 0; v &= v - 1) c++;
  return c;
}

/**
 * Best score first; among equal scores, a pathway holding the whole text as a phrase (see
 * `phraseHolder`), then the more specific words (see `specificity`), then the label (`labelRank`).
 */
export function byScoreThenSpecificity(labelRank: Int32Array, spec: (id: number) => number, holdsPhrase: (id: number) => boolean) {
  const phrase = (id: number) => (holdsPhrase(id) ? 1 : 0);
  return ([a, sa]: [number, number], [b, sb]: [number, number]) =>
    round(sb) - round(sa) || phrase(b) - phrase(a) || spec(b) - spec(a) || labelRank[a]! - labelRank[b]!;
}

/**
 * How specific a pathway's matching words are: the sum over the searched words of the word's
 * weight there divided by the number of pathways the word is found in. It orders pathways of equal
 * score: in "my testicle hurts" both words name something, but "testicle" names one pathway and
 * "hurts" several, so the pathway naming the testicle comes first rather than the one whose label
 * sorts first. Worked out only for the pathways whose scores tie, and kept.
 */
export function specificity(perToken: Weights[]): (id: number) => number {
  const known = new Map<number, number>();
  return (id) => {
    let sum = known.get(id);
    if (sum === undefined) {
      sum = 0;
      for (const weights of perToken) {
        const w = weights.get(id);
        if (w !== undefined) sum += w / weights.size;
      }
      known.set(id, sum);
    }
    return sum;
  };
}

export function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}
