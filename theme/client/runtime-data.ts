// The page's runtime data (strings of the runtime's states, analytics settings), written by the
// build into every page as JSON (theme/runtime-data.ts).
import { RUNTIME_DATA_ID, type RuntimeData } from '../runtime-data.ts';

export type { RuntimeData };

export function runtimeData(doc: Document = document): RuntimeData | undefined {
  const text = doc.getElementById(RUNTIME_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as RuntimeData;
  } catch (error) {
    console.warn('The page carries unreadable runtime data; continuing without it.', error);
    return undefined;
  }
}
