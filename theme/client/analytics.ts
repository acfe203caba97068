// Analytics (spec 7): events go to the site's own self-hosted script (`/insights.js` by config),
// which sends them to the site's own endpoint. No cookies, no storage, no other origin.
//
// Recorded: a page view on the first load and after every client navigation; events asked for
// with `site:event` (the colour toggle) or marked on links with `data-track`; a completed booking
// or contact request, announced by a same-origin window message. Each carries colorMode and locale.
import { onNavigated, TRACK, type TrackDetail } from './events.ts';
import { runtimeData } from './runtime-data.ts';

export const SCRIPT_FAILED = 'Script did not load correctly.';

type Props = Record<string, string>;
type Send = (name: string, options: { url: string; referrer?: string; props: Props }) => void;
type Stub = Send & { q?: Parameters<Send>[] };

declare global {
  interface Window {
    insights?: Stub;
  }
}

const LOCAL_HOSTS = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$|\.localhost$/;

function record(name: string, props: Props = {}, referrer?: string): void {
  const root = document.documentElement;
  window.insights?.(name, {
    url: location.href,
    referrer,
    props: { ...props, colorMode: root.getAttribute('data-theme') ?? 'dark', locale: root.lang },
  });
}

function loadScript(src: string, domain: string, endpoint: string): void {
  const url = new URL(src, location.href);
  if (url.origin !== location.origin) {
    console.error(`${SCRIPT_FAILED} (${src} is not on this site)`);
    return;
  }
  const script = document.createElement('script');
  script.src = url.href;
  script.defer = true;
  script.dataset.domain = domain;
  script.dataset.api = endpoint;
  script.addEventListener('error', () => console.error(SCRIPT_FAILED), { once: true });
  document.head.append(script);
}

export function initAnalytics(): void {
  const config = runtimeData()?.analytics;
  if (!config) return;
  // Events wait in this queue until the script has loaded; it sends them then.
  if (!window.insights) {
    const stub: Stub = (...args) => void (stub.q ??= []).push(args);
    window.insights = stub;
  }
  const domain = LOCAL_HOSTS.test(location.hostname) ? config.localDomain : config.domain;
  loadScript(config.script, domain, config.endpoint);

  let previous = location.href;
  record('pageview', {}, document.referrer || undefined);
  onNavigated(({ url }) => {
    if (url === previous) return;
    record('pageview', {}, previous);
    previous = url;
  });

  document.addEventListener(TRACK, (event) => {
    const { name, props } = (event as CustomEvent<TrackDetail>).detail ?? {};
    if (name) record(name, props);
  });
  // Capture phase: recorded before client navigation replaces the page the link was on.
  document.addEventListener(
    'click',
    (event) => {
      const el = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-track]') : null;
      if (!el) return;
      const props: Props = {};
      for (const [key, value] of Object.entries(el.dataset)) {
        if (key.startsWith('track') && key !== 'track' && value !== undefined)
          props[key[5].toLowerCase() + key.slice(6)] = value;
      }
      if (el.dataset.track) record(el.dataset.track, props);
    },
    { capture: true },
  );

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== location.origin) return;
    const data = event.data as { type?: unknown; event?: unknown } | null;
    if (!data || typeof data !== 'object') return;
    if (data.type === 'booking-success') {
      record('booking-complete', { event: typeof data.event === 'string' && data.event ? data.event : 'unknown' });
    } else if (data.type === 'contact-success') {
      record('contact-complete');
    }
  });
}
