/** Edit distance (insert, delete, substitute, transpose), case-insensitive. */
export function editDistance(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d.push([i]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/** Longer words are no typo of a name: no suggestion is searched for them (the search is quadratic). */
const MAX_SUGGESTED_WORD = 100;

/** The closest candidate, when it is close enough to be a likely typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  if (word.length > MAX_SUGGESTED_WORD) return undefined;
  const limit = Math.max(2, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    // The distance is at least the difference in length.
    if (Math.abs(c.length - word.length) > limit) continue;
    const dist = editDistance(word, c);
    // A candidate that shares nothing with the word is no typo of it ("GO" is not "*").
    if (dist >= Math.max(word.length, c.length)) continue;
    if (dist < bestDistance) {
      best = c;
      bestDistance = dist;
    }
  }
  if (best !== undefined && bestDistance <= limit) return best;
  return namedPart(word, candidates);
}

/**
 * A candidate the word adds a word to, at a camelCase boundary (`memorySize`
 * for `memory`, `timeoutSeconds` for `timeout`): the longest such one.
 */
function namedPart(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const c of candidates) {
    if (c.length >= 3 && word.length > c.length && word.startsWith(c) && /[A-Z]/.test(word[c.length]) && (!best || c.length > best.length)) best = c;
  }
  return best;
}
