// `site new`: a page in every locale, a draft, with front matter that passes validation as written
// and placeholders in the language of each file (`scaffold` in the UI strings), which `site check`
// refuses once the page is no draft (generator/markdown/plugins/content-rules.ts). A post's author is the editor's
// choice: the command asks for one and lists them, rather than putting in someone who did not write it.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/config-file.ts';
import { parseAuthors } from '../content/data-files.ts';
import { loadMessages } from '../theming/messages.ts';

export type ScaffoldResult = { ok: true; files: string[] } | { ok: false; error: string };

export interface ScaffoldOptions {
  /** The post's author, an id of content/authors.yml (posts only). */
  author?: string;
  /** The page's title per locale; a locale without one gets the placeholder of its language. */
  titles?: Record<string, string>;
}

export async function scaffoldPage(
  root: string,
  section: string,
  pagePath: string,
  options: ScaffoldOptions = {},
): Promise<ScaffoldResult> {
  const { config, diagnostics } = await loadConfig(root);
  if (!config) return { ok: false, error: diagnostics.map((d) => `${d.file}  ${d.message}`).join('\n') };
  const sectionConfig = config.sections.find((s) => s.id === section);
  if (!sectionConfig) {
    return {
      ok: false,
      error: `Unknown section "${section}". Sections: ${config.sections.map((s) => s.id).join(', ')}.`,
    };
  }
  const clean = pagePath.replace(/\.md$/, '').replace(/^\/+|\/+$/g, '');
  if (!/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(clean)) {
    return {
      ok: false,
      error: `"${pagePath}" is not a valid page path: use lower-case letters, digits, dashes and slashes, e.g. databases/redis.`,
    };
  }
  const locales = Object.keys(config.locales);
  const unknownLocales = Object.keys(options.titles ?? {}).filter((l) => !locales.includes(l));
  if (unknownLocales.length)
    return {
      ok: false,
      error: `--title names no locale of the site: ${unknownLocales.join(', ')}. Locales: ${locales.join(', ')}.`,
    };
  const files = locales.map((l) => path.join('content', l, section, `${clean}.md`));
  const existing = files.filter((f) => existsSync(path.join(root, f)));
  if (existing.length) return { ok: false, error: `Already there: ${existing.join(', ')}. Nothing was created.` };
  const isPost = sectionConfig.kind === 'blog';
  if (isPost) {
    const authors = authorsOf(root, locales);
    const list = authors.length
      ? `Authors: ${authors.map((a) => `${a.id} (${a.name})`).join(', ')}.`
      : 'content/authors.yml names no author yet: add one there first.';
    if (!options.author)
      return { ok: false, error: `A post needs its author: pass --author <id>. ${list} Nothing was created.` };
    if (!authors.some((a) => a.id === options.author))
      return { ok: false, error: `Unknown author "${options.author}". ${list} Nothing was created.` };
  }
  const loaded = await loadMessages(root, locales);
  if (!loaded.messages)
    return { ok: false, error: loaded.diagnostics.map((d) => `${d.file}  ${d.message}`).join('\n') };
  const today = new Date().toISOString().slice(0, 10);
  for (const [i, locale] of locales.entries()) {
    const text = loaded.messages[locale].scaffold;
    // JSON strings are YAML strings: a placeholder's colon cannot end the value.
    const lines = [
      '---',
      `title: ${JSON.stringify(options.titles?.[locale] ?? text.title)}`,
      `description: ${JSON.stringify(text.description)}`,
    ];
    if (isPost) lines.push(`date: ${today}`, `authors: [${options.author}]`, 'tags: []');
    lines.push('draft: true', '---', '', text.intro, '', `## ${text.section}`, '');
    await mkdir(path.dirname(path.join(root, files[i])), { recursive: true });
    await writeFile(path.join(root, files[i]), lines.join('\n'));
  }
  return { ok: true, files };
}

/** The authors of content/authors.yml, for the editor to choose from. */
function authorsOf(root: string, locales: string[]): { id: string; name: string }[] {
  const file = path.join(root, 'content', 'authors.yml');
  if (!existsSync(file)) return [];
  const { authors } = parseAuthors(readFileSync(file, 'utf8'), 'content/authors.yml', locales);
  return Object.values(authors).map((a) => ({ id: a.id, name: a.name }));
}
