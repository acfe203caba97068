// Blog tags: Docusaurus's tags.yml (per locale) and the tags written in posts become entries of
// content/tags.yml with a label per locale. A translated post names the same tags in its own
// language; a name that is not known by id or label is taken to mean the tag at the same place in
// the original post.
import YAML from 'yaml';
import type { ProjectFile } from './read-project.ts';
import { kebabCase, slugId } from './slug.ts';

/** The tag's part of its Docusaurus URL: its `permalink`, else the kebab case of its key or label. */
const docusaurusSlug = (name: string, permalink?: string) =>
  permalink !== undefined ? permalink.replace(/^\/+|\/+$/g, '') : kebabCase(name);

/** An id here: Docusaurus's URL part where it is one (so tag URLs stay), else the name made one. */
const idFor = (name: string, permalink?: string) => {
  const own = docusaurusSlug(name, permalink);
  return /^[a-z0-9][a-z0-9-]*$/.test(own) ? own : slugId(permalink ?? name) || slugId(name) || 'tag';
};

export interface TagEntry {
  id: string;
  label: Record<string, string>;
  description: Record<string, string>;
}

const text = (v: unknown) =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined;

export class TagBook {
  readonly entries = new Map<string, TagEntry>();
  /** Keys of tags.yml to ids. */
  private readonly keys = new Map<string, string>();
  /** Each tag's part of its Docusaurus URL (`/blog/tags/<it>`), by id. */
  readonly docusaurusSlugs = new Map<string, string>();

  private entry(id: string): TagEntry {
    let entry = this.entries.get(id);
    if (!entry) this.entries.set(id, (entry = { id, label: {}, description: {} }));
    return entry;
  }

  /** Reads one tags.yml; returns the line of a YAML error, when it has one, and reads nothing then. */
  addFile(file: ProjectFile, locale: string): number | undefined {
    const doc = YAML.parseDocument(file.raw);
    if (doc.errors.length) return doc.errors[0].linePos?.[0].line ?? 1;
    const data = doc.toJS() as Record<string, Record<string, unknown> | null> | null;
    if (!data || typeof data !== 'object') return undefined;
    for (const [key, raw] of Object.entries(data)) {
      const permalink = text(raw?.permalink);
      const id = this.keys.get(key) ?? idFor(key, permalink);
      this.keys.set(key, id);
      if (!this.docusaurusSlugs.has(id)) this.docusaurusSlugs.set(id, docusaurusSlug(key, permalink));
      const entry = this.entry(id);
      entry.label[locale] ??= text(raw?.label) ?? key;
      const description = text(raw?.description);
      if (description) entry.description[locale] ??= description;
    }
    return undefined;
  }

  /** The ids of a post's tags; `original` are the ids of the same post in the default locale. */
  resolve(tags: unknown, locale: string, original?: string[]): string[] {
    const list = Array.isArray(tags) ? tags : tags === undefined ? [] : [tags];
    const ids: (string | undefined)[] = [];
    const names: string[] = [];
    /** Names that are keys of tags.yml: their labels come from there. */
    const keyed = new Set<number>();
    for (const item of list) {
      const raw = item && typeof item === 'object' ? (item as Record<string, unknown>) : undefined;
      const name = raw ? text(raw.label) : text(item);
      if (!name) continue;
      const permalink = raw ? text(raw.permalink) : undefined;
      if (this.keys.has(name)) keyed.add(names.length);
      const known =
        this.keys.get(name) ??
        (permalink ? idFor(name, permalink) : undefined) ??
        [...this.entries.values()].find((e) => e.label[locale] === name)?.id;
      const bySlug = this.entries.has(idFor(name)) ? idFor(name) : undefined;
      ids.push(known ?? bySlug);
      names.push(name);
    }
    names.forEach((name, i) => {
      let id = ids[i];
      if (id === undefined) {
        const paired = original?.[i];
        id = paired && !ids.includes(paired) ? paired : idFor(name);
        ids[i] = id;
        if (!paired && !this.docusaurusSlugs.has(id)) this.docusaurusSlugs.set(id, docusaurusSlug(name));
      }
      if (!keyed.has(i)) this.entry(id).label[locale] ??= name;
    });
    return ids as string[];
  }
}

/** content/tags.yml: a label and a description per locale, the default locale's where a translation has none. */
export function tagsYaml(book: TagBook, locales: string[], defaultLocale: string): string {
  const out: Record<string, unknown> = {};
  for (const t of [...book.entries.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const label = Object.fromEntries(
      locales.map((l) => [l, t.label[l] ?? t.label[defaultLocale] ?? Object.values(t.label)[0] ?? t.id]),
    );
    const description = Object.fromEntries(
      locales.map((l) => [l, t.description[l] ?? t.description[defaultLocale] ?? label[l]]),
    );
    out[t.id] = { label, description };
  }
  return YAML.stringify(out, { lineWidth: 0 });
}
