// A number with its noun, the singular for one: `1 warning`, `3 warnings`, `2 entries`. Every
// summary the engine prints counts this way, so none says "1 errors". Pure: browser code imports it.
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
