// Links and images whose URL runs code or carries a document of its own (`javascript:`,
// `vbscript:`, `data:`), or points into the reader's own machine or browser (`file:`, `blob:`,
// `intent:`, which opens an Android app), are errors: a page of this site never needs them, and a
// pasted one is an attack on its readers or a link that works for nobody else. They come from
// Markdown links, images, autolinks and link definitions, and from the `<a href>` and `<img src>` of
// raw HTML (whose javascript: and vbscript: URLs the sanitiser, generator/markdown/plugins/raw-html.ts,
// removes and reports itself). They are found on the page's HTML tree as the browser will get it
// (generator/markdown/plugins/unsafe-links.ts), each element with its parsed attributes, so no
// quoting or `>` in another attribute hides one.

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

/** Whether a URL runs code when followed (javascript:, vbscript:). */
export const runsCode = (value: string) => ['javascript', 'vbscript'].includes(schemeOf(value) ?? '');
