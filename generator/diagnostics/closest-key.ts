// "Did you mean": the known key closest to a misspelt one, so an error names the fix.

/** Edit distance (optimal string alignment), with `-`/`_` and case treated as the same character (sidebar-position, Sidebar_Position). */
function distance(a: string, b: string): number {
  const norm = (s: string) => s.toLowerCase().replace(/-/g, '_');
  const [x, y] = [norm(a), norm(b)];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  let beforePrevious = previous;
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
      // Two letters swapped (lable, sidebar_postiion) is one slip, not two.
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        current[j] = Math.min(current[j], beforePrevious[j - 2] + 1);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[y.length];
}

/** The closest of `known` to `key`, when it is close enough to be a slip of the keyboard: within
 * `slips(length)` edits, where length is that of the shorter of the two (a third of a key by default). */
export function closestKey(
  key: string,
  known: readonly string[],
  slips = (length: number) => Math.max(2, Math.floor(length / 3)),
): string | undefined {
  let best: { key: string; d: number } | undefined;
  for (const candidate of known) {
    const d = distance(key, candidate);
    if (!best || d < best.d) best = { key: candidate, d };
  }
  if (!best) return undefined;
  return best.d <= slips(Math.min(key.length, best.key.length)) ? best.key : undefined;
}
