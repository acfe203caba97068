// The contract between the parts of the browser runtime, so each can be written and tested alone.
//
// - `site:navigating` (on document) when client navigation starts to load another page; the page
//   on display stays until `site:navigated`, or stays for good when the load fails.
// - `site:navigated` (on document) after client navigation has put a new page in place; modules
//   that set up per-page behaviour listen to it. Listeners registered on document survive it.
// - `site:event` (on document) asks analytics to record an event; analytics adds colorMode and
//   locale. Links with `data-track="<event name>"` are recorded on click without any code.
// - `site:island-ready` (on an island's root, bubbling) once the island has taken over its
//   server-rendered markup; the root carries `data-island-ready` from then on. A form of the island
//   sent before (a quick first click) is held by the runtime and sent again then.
export const NAVIGATING = 'site:navigating';
export const ISLAND_READY = 'site:island-ready';
export const ISLAND_READY_ATTRIBUTE = 'data-island-ready';
export const NAVIGATED = 'site:navigated';
export const TRACK = 'site:event';

export interface NavigatedDetail {
  url: string;
}

export interface TrackDetail {
  name: string;
  props?: Record<string, string>;
}

export function track(name: string, props?: Record<string, string>): void {
  document.dispatchEvent(new CustomEvent<TrackDetail>(TRACK, { detail: { name, props } }));
}

export function onNavigating(listener: () => void): void {
  document.addEventListener(NAVIGATING, () => listener());
}

export function onNavigated(listener: (detail: NavigatedDetail) => void): void {
  document.addEventListener(NAVIGATED, (event) => listener((event as CustomEvent<NavigatedDetail>).detail));
}
