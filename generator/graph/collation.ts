// The order of lists people read: by the label they see, as their language sorts it ("Überwachung"
// with the U's in German, not after Z as code points would have it).
const collators = new Map<string, Intl.Collator>();

export function collatorFor(lang: string): Intl.Collator {
  let collator = collators.get(lang);
  if (!collator) {
    collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
    collators.set(lang, collator);
  }
  return collator;
}

/** Sorts a copy of `items` by `label` in the language `lang`. */
export function byLabel<T>(items: readonly T[], label: (item: T) => string, lang: string): T[] {
  const collator = collatorFor(lang);
  return [...items].sort((a, b) => collator.compare(label(a), label(b)));
}
