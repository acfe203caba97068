// Blog authors: Docusaurus's authors.yml (per locale) and the authors written inline in posts
// (`authors: [{name: ...}]`, the older `author:` keys) become entries of content/authors.yml.
import YAML from 'yaml';
import { escapeRegExp } from '../../../common/escape.ts';
import type { ProjectFile } from './read-project.ts';
import { slugId } from './slug.ts';

export interface AuthorEntry {
  id: string;
  name: string;
  page?: string;
  image?: string;
  title: Record<string, string>;
}

/** Something about an author that could not be carried, at a key of a Docusaurus file. */
export interface AuthorProblem {
  rel: string;
  line: number;
  message: string;
}

type Raw = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export class AuthorBook {
  readonly entries = new Map<string, AuthorEntry>();
  readonly problems: AuthorProblem[] = [];
  /** Docusaurus keys that were not valid ids, to the ids they became. */
  private readonly keys = new Map<string, string>();

  constructor(private readonly staticFiles: Set<string>) {}

  /** Reads one authors.yml; `locale` gives the titles written there. */
  addFile(file: ProjectFile, locale: string): void {
    const lineCounter = new YAML.LineCounter();
    const doc = YAML.parseDocument(file.raw, { lineCounter });
    const data = doc.toJS() as Record<string, Raw> | null;
    if (doc.errors.length || !data || typeof data !== 'object') {
      this.problems.push({
        rel: file.rel,
        line: doc.errors[0]?.linePos?.[0].line ?? 1,
        message: `not readable as YAML; its authors were not imported`,
      });
      return;
    }
    const lineOf = (key: string) => {
      const at = file.raw.search(new RegExp(`^${escapeRegExp(key)}\\s*:`, 'm'));
      return at === -1 ? 1 : lineCounter.linePos(at).line;
    };
    for (const [key, raw] of Object.entries(data)) {
      if (!raw || typeof raw !== 'object') continue;
      const id = this.keys.get(key) ?? (slugId(key) || 'author');
      this.keys.set(key, id);
      this.merge(id, raw, locale, file.rel, lineOf(key));
    }
  }

  /** The ids of a post's authors, adding the inline ones. */
  resolve(fm: Raw, locale: string, rel: string, line: number): string[] {
    const list = Array.isArray(fm.authors) ? fm.authors : fm.authors !== undefined ? [fm.authors] : [];
    const legacy = text(fm.author);
    if (legacy)
      list.push({
        name: legacy,
        title: fm.author_title ?? fm.authorTitle,
        url: fm.author_url ?? fm.authorURL,
        image_url: fm.author_image_url ?? fm.authorImageURL,
      });
    const ids: string[] = [];
    for (const item of list) {
      if (typeof item === 'string') {
        ids.push(this.keys.get(item) ?? item);
        continue;
      }
      if (!item || typeof item !== 'object') continue;
      const raw = item as Raw;
      const name = text(raw.name);
      const key = text(raw.key);
      if (key) {
        ids.push(this.keys.get(key) ?? key);
        continue;
      }
      if (!name) continue;
      // The same person written inline where authors.yml has them keeps their id.
      const id = [...this.entries.values()].find((e) => e.name === name)?.id ?? (slugId(name) || 'author');
      this.merge(id, raw, locale, rel, line);
      ids.push(id);
    }
    return ids;
  }

  private merge(id: string, raw: Raw, locale: string, rel: string, line: number): void {
    const entry = this.entries.get(id) ?? { id, name: text(raw.name) ?? id, title: {} };
    this.entries.set(id, entry);
    const title = text(raw.title);
    if (title) entry.title[locale] ??= title;
    const url = text(raw.url);
    if (url && !entry.page) entry.page = url;
    const image = text(raw.image_url) ?? text(raw.imageURL);
    if (image && !entry.image) {
      const local = image.replace(/^@site\/static\//, '/');
      if (local.startsWith('/') && this.staticFiles.has(local.slice(1))) entry.image = local;
      else
        this.problems.push({
          rel,
          line,
          message: `image of author "${entry.name}" (${image}) left out: the engine loads images only from public/; put the file in static/ and name it as /img/…`,
        });
    }
    for (const key of ['socials', 'email']) {
      if (raw[key] !== undefined)
        this.problems.push({
          rel,
          line,
          message: `${key} of author "${entry.name}" left out: content/authors.yml has no such field`,
        });
    }
  }
}

/** content/authors.yml, and the line of each author whose title or bio had to be filled in. */
export function authorsYaml(
  book: AuthorBook,
  locales: string[],
  defaultLocale: string,
): { text: string; filled: { id: string; line: number; message: string }[] } {
  const out: Record<string, unknown> = {};
  for (const a of book.entries.values()) {
    const title = Object.fromEntries(
      locales.map((l) => [l, a.title[l] ?? a.title[defaultLocale] ?? Object.values(a.title)[0] ?? a.name]),
    );
    // Docusaurus authors have no bio; the engine wants one per locale.
    out[a.id] = {
      name: a.name,
      ...(a.page ? { page: a.page } : {}),
      ...(a.image ? { image: a.image } : {}),
      title,
      bio: { ...title },
    };
  }
  const text = YAML.stringify(out, { lineWidth: 0 });
  const lines = text.split('\n');
  const filled = [...book.entries.values()].map((a) => ({
    id: a.id,
    line: lines.indexOf(`${a.id}:`) + 1,
    message: `author "${a.id}" ${Object.keys(a.title).length ? 'has no bio in Docusaurus; its title was written as bio' : 'has neither title nor bio in Docusaurus; its name was written as both'}; write one per locale`,
  }));
  return { text, filled };
}
