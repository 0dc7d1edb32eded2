// Near-miss suggestions for a name a configurer misspelt: "testType" → did you mean "type"?
// Optimal string alignment distance (a swap of two neighbours counts as one edit), case-blind.

/** Edits (insert, delete, substitute, swap neighbours) between a and b, ignoring case. */
function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) => Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[s.length]![t.length]!;
}

/**
 * The known name closest to `name`, when close enough to be a slip: the same but for case, or
 * at most a third of its letters off (at least one), or one name containing the other
 * ("type" in "testType"). Ties go to the first in `known`.
 */
export function nearMiss(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  const lower = name.toLowerCase();
  for (const k of known) {
    if (k === name) continue;
    const kl = k.toLowerCase();
    const dist = editDistance(name, k);
    const limit = Math.max(1, Math.floor(Math.max(name.length, k.length) / 3));
    const contains = kl.length >= 3 && lower.length >= 3 && (lower.includes(kl) || kl.includes(lower));
    if (dist > limit && !contains) continue;
    const score = dist + (contains && dist > limit ? 0.5 : 0);
    if (score < bestScore) {
      best = k;
      bestScore = score;
    }
  }
  return best;
}
