// The overlay `site serve --watch` shows in the browser: the build's errors, one line each as the
// terminal prints them, each a link that opens the file at its line in the editor
// (generator/diagnostics/editor-links.ts), and, on a page whose translation lags behind its source, that
// status (translation-outdated). It can be dismissed; it shows again when there is a problem it
// did not show when it was dismissed. The problems of the file just saved come first; those the
// whole-site build found elsewhere after it follow under a heading of their own.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { formatDiagnostic } from '../diagnostics/diagnostic-formats.ts';
import { editorUrl } from '../diagnostics/editor-links.ts';
import type { Diagnostic, Route, SiteGraph } from '../types.ts';

export interface OverlayLine {
  text: string;
  severity: Diagnostic['severity'];
  /** Opens the file at the line in the editor; none where the problem is in no file of the site. */
  url?: string;
  /** Found by the check of a file as it was saved, or by the whole-site build. */
  origin?: 'saved' | 'site';
}

/** What the overlay shows; `id` names this state. */
export interface OverlayState {
  id: string;
  /** The build's errors, on every page. */
  problems: OverlayLine[];
  /** What concerns one page only, by its route: the status of an outdated translation. */
  pages: Record<Route, OverlayLine[]>;
}

/** Rules the overlay shows on the page they concern, though they are warnings. */
const PAGE_RULES = new Set<Diagnostic['rule']>(['translation-outdated']);

export function overlayLine(d: Diagnostic, root: string, editor: string): OverlayLine {
  const file = path.resolve(root, d.file);
  return {
    text: formatDiagnostic(d),
    severity: d.severity,
    ...(existsSync(file) ? { url: editorUrl(editor, file, d.line, d.column) } : {}),
  };
}

export function overlayState(
  id: string,
  diagnostics: Diagnostic[],
  root: string,
  editor: string,
  graph?: SiteGraph,
  origin?: (d: Diagnostic) => OverlayLine['origin'],
): OverlayState {
  const routeOf = new Map<string, Route>();
  for (const page of Object.values(graph?.pages ?? {}))
    if ('doc' in page && page.doc) routeOf.set(page.doc, page.route);
  const pages: Record<Route, OverlayLine[]> = {};
  for (const d of diagnostics) {
    const route = PAGE_RULES.has(d.rule) ? routeOf.get(d.file) : undefined;
    if (route) (pages[route] ??= []).push(overlayLine(d, root, editor));
  }
  return {
    id,
    problems: diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => ({ ...overlayLine(d, root, editor), ...(origin ? { origin: origin(d) } : {}) }))
      // The saved file's first: what the writer is looking at.
      .sort((a, b) => Number(a.origin === 'site') - Number(b.origin === 'site')),
    pages,
  };
}

/** The browser side of live reload and the overlay, injected into served HTML only. Its events
 * come from under the site's baseUrl, as everything else; pages are known by their routes.
 * `version`: the version of the page it is served with (the hash of its HTML), which the tab
 * tells the server when it connects, so that a page rewritten while the tab was loading it (a
 * reload it was told of before it listened) is loaded again at once. */
export function devClient(baseUrl: string, eventsPath: string, version: string): string {
  const base = baseUrl.replace(/\/$/, '');
  return `<script type="module">
const DISMISSED = 'site-dev-overlay-dismissed';
const BASE = ${JSON.stringify(base)};
const PAGE = location.pathname.startsWith(BASE + '/') ? location.pathname.slice(BASE.length) : location.pathname;
const es = new EventSource(BASE + ${JSON.stringify(eventsPath)} + '?page=' + encodeURIComponent(PAGE) + '&version=' + ${JSON.stringify(version)});
es.addEventListener('reload', () => location.reload());
// A renamed page: the tab goes where it went (a route under the site's base).
es.addEventListener('navigate', (e) => location.replace(BASE + JSON.parse(e.data)));
const dismissed = () => { try { return JSON.parse(sessionStorage.getItem(DISMISSED) ?? '[]'); } catch { return []; } };
es.addEventListener('problems', (e) => {
  const state = JSON.parse(e.data);
  document.getElementById('site-dev-overlay')?.remove();
  const here = state.pages[PAGE] ?? [];
  const texts = [...state.problems, ...here].map((line) => line.text);
  // Dismissed until a problem it did not show exists.
  const seen = new Set(dismissed());
  if (!texts.length || texts.every((text) => seen.has(text))) return;
  const failed = state.problems.length > 0;
  const box = document.createElement('div');
  box.id = 'site-dev-overlay';
  box.setAttribute('role', failed ? 'alert' : 'status');
  box.style.cssText = 'position:fixed;inset:auto 1rem 1rem 1rem;max-height:60vh;overflow:auto;z-index:9999;border-radius:8px;padding:1rem 3rem 1rem 1rem;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap;'
    + (failed ? 'background:#2b0d0d;color:#ffd7d7;border:2px solid #ff6b6b' : 'background:#2b230d;color:#ffefc2;border:2px solid #e0a526');
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = '×';
  close.setAttribute('aria-label', 'Dismiss until a new problem');
  close.style.cssText = 'position:absolute;top:.5rem;right:.75rem;font:inherit;font-size:20px;line-height:1;background:none;border:0;color:inherit;cursor:pointer';
  close.addEventListener('click', () => { sessionStorage.setItem(DISMISSED, JSON.stringify(texts)); box.remove(); });
  const title = document.createElement('strong');
  title.textContent = failed ? 'Build failed' : 'This page';
  box.append(close, title);
  const section = (lines) => {
    const list = document.createElement('ul');
    list.style.cssText = 'list-style:none;margin:.5rem 0 0;padding:0';
    for (const line of lines) {
      const item = document.createElement('li');
      const text = document.createElement(line.url ? 'a' : 'span');
      if (line.url) { text.href = line.url; text.title = 'Open in the editor'; text.style.color = 'inherit'; }
      text.textContent = line.text;
      item.append(text);
      list.append(item);
    }
    box.append(list);
  };
  const saved = state.problems.filter((line) => line.origin !== 'site');
  const site = state.problems.filter((line) => line.origin === 'site');
  if (saved.length) section(saved);
  if (site.length) {
    const from = document.createElement('p');
    from.style.cssText = 'margin:.75rem 0 0;font-weight:bold';
    from.textContent = 'From the whole-site check:';
    box.append(from);
    section(site);
  }
  if (here.length) section(here);
  document.body.append(box);
});
</script>`;
}
