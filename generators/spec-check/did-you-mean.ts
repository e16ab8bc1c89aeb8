// "Did you mean" for a mistyped name: the known name nearest by edit distance (fastest-levenshtein),
// when it is near enough to be the one meant: at most a third of the name's letters changed.
import { distance } from 'fastest-levenshtein';

export function nearestName(name: string, known: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (d > 0 && (!best || d < best.distance)) best = { name: candidate, distance: d };
  }
  return best && best.distance <= Math.max(1, Math.floor(name.length / 3)) ? best.name : undefined;
}

/** ` Did you mean \`maxLength\`?`, or nothing. */
export function didYouMean(name: string, known: Iterable<string>): string {
  const nearest = nearestName(name, known);
  return nearest ? ` Did you mean \`${nearest}\`?` : '';
}
