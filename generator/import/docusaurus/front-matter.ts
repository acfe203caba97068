// Front matter: split from the body, read as YAML with the line of every key, and written back
// in the engine's keys and order.
import YAML from 'yaml';

export interface SplitFile {
  data: Record<string, unknown>;
  /** 1-based line of each top-level key in the file. */
  keyLines: Record<string, number>;
  body: string;
  /** Offset of the body in the file. */
  bodyStart: number;
  error?: { line: number; message: string };
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m;

export function splitFile(raw: string): SplitFile {
  const m = raw.startsWith('---') ? FENCE.exec(raw) : null;
  if (m?.index !== 0) return { data: {}, keyLines: {}, body: raw, bodyStart: 0 };
  const lineCounter = new YAML.LineCounter();
  const doc = YAML.parseDocument(m[1], { lineCounter });
  const bodyStart = m[0].length;
  if (doc.errors.length) {
    return {
      data: {},
      keyLines: {},
      body: raw.slice(bodyStart),
      bodyStart,
      error: { line: (doc.errors[0].linePos?.[0].line ?? 0) + 1, message: doc.errors[0].message.split('\n')[0] },
    };
  }
  const keyLines: Record<string, number> = {};
  if (YAML.isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      const key = YAML.isScalar(pair.key) ? String(pair.key.value) : undefined;
      const at = YAML.isScalar(pair.key) ? pair.key.range?.[0] : undefined;
      if (key !== undefined && at !== undefined) keyLines[key] = lineCounter.linePos(at).line + 1;
    }
  }
  const data = doc.toJS() as unknown;
  return {
    data: data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {},
    keyLines,
    body: raw.slice(bodyStart),
    bodyStart,
  };
}

/** The engine's keys, in the order its docs list them. */
export const TARGET_KEYS = [
  'title',
  'description',
  'slug',
  'date',
  'authors',
  'tags',
  'sidebar_label',
  'sidebar_position',
  'keywords',
  'image',
  'hide_table_of_contents',
  'toc_min_heading_level',
  'toc_max_heading_level',
  'draft',
  'unlisted',
] as const;

export function writeFrontMatter(data: Record<string, unknown>): string {
  const ordered = Object.fromEntries(TARGET_KEYS.filter((k) => data[k] !== undefined).map((k) => [k, data[k]]));
  const doc = new YAML.Document(ordered);
  YAML.visit(doc, { Seq: (_, node) => void (node.flow = true) });
  return `---\n${doc.toString({ lineWidth: 0, flowCollectionPadding: false })}---\n`;
}

/** A description from the first paragraph, as Docusaurus takes it, short enough for a search snippet. */
export function descriptionFrom(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
