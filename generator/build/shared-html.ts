// The documents' HTML as a render worker receives it: UTF-8 in one SharedArrayBuffer, which every
// worker reads without a copy, instead of a string per document in each worker's setup message. A
// worker decodes a body when a page asks for it. At N = 5,000 the HTML is about a quarter of a
// gigabyte as V8 strings: serialising it for a worker and building it again there made the peak of
// the whole build.
import type { ParsedDocument, SourceId } from '../types.ts';

export interface SharedHtml {
  /** Each document's HTML in the order of `sources`, one after another. */
  bytes: SharedArrayBuffer;
  sources: SourceId[];
  /** Where each document's HTML ends in `bytes`; it starts where the one before ends. */
  ends: Float64Array;
}

/** The documents without their HTML, and the HTML of them all in one shared buffer. */
export function shareHtml(documents: Record<SourceId, ParsedDocument>): {
  documents: Record<SourceId, ParsedDocument>;
  html: SharedHtml;
} {
  const sources = Object.keys(documents) as SourceId[];
  const ends = new Float64Array(sources.length);
  let length = 0;
  sources.forEach((source, i) => {
    ends[i] = length += Buffer.byteLength(documents[source].html);
  });
  const bytes = new SharedArrayBuffer(length);
  const view = Buffer.from(bytes);
  const without: Record<SourceId, ParsedDocument> = {};
  sources.forEach((source, i) => {
    view.write(documents[source].html, i ? ends[i - 1] : 0);
    without[source] = { ...documents[source], html: '' };
  });
  return { documents: without, html: { bytes, sources, ends } };
}

/** The documents as a page reads them: each one's `html` decoded from the shared buffer when read. */
export function withSharedHtml(
  documents: Record<SourceId, ParsedDocument>,
  { bytes, sources, ends }: SharedHtml,
): Record<SourceId, ParsedDocument> {
  const view = Buffer.from(bytes);
  sources.forEach((source, i) => {
    const start = i ? ends[i - 1] : 0;
    Object.defineProperty(documents[source], 'html', {
      get: () => view.toString('utf8', start, ends[i]),
      enumerable: true,
      configurable: true,
    });
  });
  return documents;
}
