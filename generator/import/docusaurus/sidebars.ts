// A hand-written Docusaurus sidebar (sidebars.js/ts/json) as this engine's order and categories:
// each doc's place in its list becomes its `sidebar_position` (and its label there its
// `sidebar_label`), each category the `_category.yml` of the folder that holds its pages. Here a
// category is a folder; a category whose pages lie in several folders keeps the folders' own
// order, and is reported.
import path from 'node:path/posix';
import type { CategoryOverride } from './categories.ts';
import { translated } from './categories.ts';
import { stripNumberPrefix } from './paths.ts';
import type { ContentTree, ProjectFile } from './read-project.ts';
import type { ImportedPage } from './site-map.ts';
import { isRecord, Opaque, readStaticModule, type StaticValue, str } from './static-value.ts';

export interface SidebarResult {
  /** Folder inside the section -> what its category says. */
  categories: Map<string, CategoryOverride>;
  problems: { line: number; message: string }[];
}

/** Docusaurus's id of a doc: its folders and name without number prefixes, or the front matter `id` in its folder. */
export function docIdOf(page: ImportedPage, fm: Record<string, unknown>): string {
  const segments = page.treePath.replace(/\.mdx?$/, '').split('/');
  const dirs = segments.slice(0, -1).map((s) => stripNumberPrefix(s).name);
  const own = typeof fm.id === 'string' && fm.id ? fm.id : stripNumberPrefix(segments[segments.length - 1]).name;
  return [...dirs, own].join('/');
}

function readSidebars(file: ProjectFile): { value: StaticValue; error?: string } {
  if (file.rel.endsWith('.json')) {
    try {
      return { value: JSON.parse(file.raw) as StaticValue };
    } catch (error) {
      return { value: undefined, error: (error as Error).message };
    }
  }
  const module = readStaticModule(file.raw, /\.m?ts$/.test(file.rel));
  return { value: module.exported, error: module.error?.message };
}

const folderOf = (page: ImportedPage) => path.dirname(page.place.target.replace(/\/index$/, '/x')).replace(/^\.$/, '');

export function applySidebars(
  file: ProjectFile,
  tree: ContentTree,
  pages: ImportedPage[],
  idOf: (page: ImportedPage) => string,
  locales: string[],
  defaultLocale: string,
): SidebarResult {
  const result: SidebarResult = { categories: new Map(), problems: [] };
  const lineOf = (needle: string) =>
    Math.max(1, file.raw.slice(0, Math.max(0, file.raw.indexOf(needle))).split('\n').length);
  const { value, error } = readSidebars(file);
  if (error || !isRecord(value)) {
    result.problems.push({
      line: 1,
      message: `not readable${error ? ` (${error})` : ''}: the sidebar follows the folders and number prefixes`,
    });
    return result;
  }
  const byId = new Map(pages.map((p) => [idOf(p), p]));
  const sidebarIds = Object.keys(value);
  if (sidebarIds.length > 1) {
    result.problems.push({
      line: lineOf(sidebarIds[1]),
      message: `${sidebarIds.length} sidebars (${sidebarIds.join(', ')}): here a section has one sidebar, which shows the pages of all of them, in this order`,
    });
  }
  let topPosition = 0;
  const walk = (items: StaticValue, sidebarId: string, top: boolean): ImportedPage[] => {
    const found: ImportedPage[] = [];
    const list: StaticValue[] = Array.isArray(items)
      ? items
      : isRecord(items)
        ? Object.entries(items).map(([label, inner]): StaticValue => ({ type: 'category', label, items: inner }))
        : [];
    let position = 0;
    for (const item of list) {
      const place = () => (top ? ++topPosition : ++position);
      const id =
        typeof item === 'string'
          ? item
          : isRecord(item) &&
              (item.type === 'doc' || item.type === 'ref' || (item.type === undefined && typeof item.id === 'string'))
            ? str(item.id)
            : undefined;
      if (id !== undefined) {
        const page = byId.get(id);
        if (!page) {
          result.problems.push({
            line: lineOf(id),
            message: `doc "${id}" is no page of ${tree.instance.path}/; left out of the order`,
          });
          continue;
        }
        const label = isRecord(item) ? str(item.label) : undefined;
        if (item !== undefined && (item as { type?: string }).type !== 'ref')
          page.sidebar = { position: place(), label };
        found.push(page);
      } else if (isRecord(item) && item.type === 'category') {
        const label = str(item.label) ?? 'Category';
        const inner = walk(item.items, sidebarId, false);
        const link = isRecord(item.link) ? item.link : undefined;
        const linked = link?.type === 'doc' && typeof link.id === 'string' ? byId.get(link.id) : undefined;
        const members = linked ? [linked, ...inner] : inner;
        const folders = [...new Set(members.map(folderOf))];
        // The folder that holds the category's pages; an index page stands for its folder.
        const dir = folders.length === 1 ? folders[0] : undefined;
        const categoryPosition = place();
        if (!dir) {
          result.problems.push({
            line: lineOf(label),
            message: `category "${label}" ${members.length ? `holds pages of ${folders.length} folders (${folders.map((f) => f || '.').join(', ')})` : 'holds no page'}: here a category is a folder; its pages keep their folders`,
          });
          found.push(...members);
          continue;
        }
        const labels: Record<string, string> = { [defaultLocale]: label };
        for (const locale of locales) {
          const t = locale === defaultLocale ? undefined : translated(tree.labels[locale], label);
          if (t) labels[locale] = t;
        }
        if (linked) linked.sidebar = { position: 0, label: linked.sidebar?.label };
        result.categories.set(dir, {
          label: labels,
          position: categoryPosition,
          collapsed: typeof item.collapsed === 'boolean' ? item.collapsed : undefined,
        });
        found.push(...members);
      } else if (isRecord(item) && item.type === 'autogenerated') {
        place();
      } else if (isRecord(item) && item.type === 'link') {
        result.problems.push({
          line: lineOf(str(item.href) ?? 'link'),
          message: `link "${str(item.label) ?? ''}" (${str(item.href) ?? ''}) left out: the sidebar here lists pages; put the link into the navbar, the footer or a page`,
        });
      } else if (item instanceof Opaque) {
        result.problems.push({
          line: item.line,
          message: `sidebar item ${item.source.split('\n')[0].slice(0, 50)} left out: it is computed`,
        });
      } else if (isRecord(item) && item.type === 'html') {
        result.problems.push({
          line: lineOf('html'),
          message: 'sidebar HTML item left out: the sidebar here lists pages',
        });
      }
    }
    return found;
  };
  for (const id of sidebarIds) walk(value[id], id, true);
  return result;
}
