// The value a map holds for a key, made and added first when it holds none: the one way the code
// groups things by a key (pages by their translation key, posts by year, names by folder), since
// Node 20 has no Map.groupBy. Pure: browser code imports it.
export function getOrAdd<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
