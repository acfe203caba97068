// Links and images whose URL runs code or carries a document of its own (`javascript:`,
// `vbscript:`, `data:`), or points into the reader's own machine or browser (`file:`, `blob:`,
// `intent:`, which opens an Android app), are errors: a page of this site never needs them, and a
// pasted one is an attack on its readers or a link that works for nobody else. They come from
// Markdown links, images, autolinks and link definitions, and from the `<a href>` and `<img src>` of
// raw HTML (whose javascript: and vbscript: URLs the sanitiser, generator/markdown/plugins/raw-html.ts, removes and
// reports itself); the rendered HTML says whether there is one, the Markdown source where it is.
import { diagnosis } from '../diagnostics/diagnostic-rules.ts';
import type { Diagnostic } from '../types.ts';

const UNSAFE = ['javascript', 'vbscript', 'data', 'file', 'blob', 'intent'];

/** The scheme of a URL as a browser would see it (entities decoded, spaces and controls gone) when it is one of the unsafe ones. */
export function unsafeScheme(url: string): string | undefined {
  const scheme = schemeOf(url);
  return scheme && UNSAFE.includes(scheme) ? scheme : undefined;
}

const decode = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&amp;/g, '&');

/** The scheme a browser would see in an attribute value: entities decoded, controls and spaces gone. */
export const schemeOf = (value: string) =>
  /^([a-z][a-z0-9+.-]*):/i.exec(decode(value).replace(/[\u0000-\u0020]/g, ''))?.[1].toLowerCase();

/** The body with code blocks and code spans blanked out, positions kept: code shows a URL, it is no link. */
const withoutCode = (body: string) =>
  body.replace(/^(`{3,}|~{3,})[\s\S]*?^\1|(`+)[\s\S]*?\2/gm, (code) => code.replace(/[^\n]/g, ' '));

/** Where a URL of `scheme` starts in the Markdown source, for images or for links (destinations,
 * autolinks, definitions). */
const starts = (scheme: string, kind: 'a' | 'img') =>
  kind === 'img'
    ? new RegExp(`!\\[[^\\]\\n]*\\]\\(\\s*<?\\s*(${scheme}\\s*:)`, 'gi')
    : new RegExp(`(?:(?<!!)\\[[^\\]\\n]*\\]\\(\\s*<?\\s*|<|^\\s*\\[[^\\]]+\\]:\\s*<?)(${scheme}\\s*:)`, 'gim');
/** The same in raw HTML: `<img … src="data:…">`, `<a … href="data:…">`. */
const htmlStarts = (scheme: string, kind: 'a' | 'img') =>
  new RegExp(`<${kind}\\b[^>]*?\\s${kind === 'img' ? 'src' : 'href'}\\s*=\\s*["']?\\s*(${scheme}\\s*:)`, 'gi');

/** Whether a URL runs code when followed (javascript:, vbscript:). */
export const runsCode = (value: string) => ['javascript', 'vbscript'].includes(schemeOf(value) ?? '');

export function unsafeLinks(
  html: string,
  body: string,
  file: string,
  bodyLine: number,
  dataImages: boolean,
): Diagnostic[] {
  const found = new Map<string, { scheme: string; kind: 'a' | 'img' }>();
  for (const m of html.matchAll(/<(a|img)\b[^>]*?\s(href|src)="([^"]*)"/g)) {
    const scheme = schemeOf(m[3]);
    const kind = m[1] as 'a' | 'img';
    if (!scheme || !UNSAFE.includes(scheme)) continue;
    if (scheme === 'data' && kind === 'img' && dataImages) continue;
    found.set(`${scheme} ${kind}`, { scheme, kind });
  }
  const diagnostics: Diagnostic[] = [];
  const code = withoutCode(body);
  for (const { scheme, kind } of found.values()) {
    const says = diagnosis('unsafe-link', 'markdown', { scheme });
    let located = false;
    for (const m of [...code.matchAll(starts(scheme, kind)), ...code.matchAll(htmlStarts(scheme, kind))].sort(
      (a, b) => a.index - b.index,
    )) {
      const offset = m.index + m[0].length - m[1].length;
      const before = body.slice(0, offset).split('\n');
      diagnostics.push({
        file,
        line: bodyLine + before.length - 1,
        column: before[before.length - 1].length + 1,
        ...says,
      });
      located = true;
    }
    if (!located) diagnostics.push({ file, ...says });
  }
  return diagnostics;
}
