// `site new`: a page in every locale, with front matter that passes validation as written.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from './config-file.ts';

export type ScaffoldResult = { ok: true; files: string[] } | { ok: false; error: string };

export async function scaffoldPage(root: string, section: string, pagePath: string): Promise<ScaffoldResult> {
  const { config, diagnostics } = await loadConfig(root);
  if (!config) return { ok: false, error: diagnostics.map((d) => `${d.file}  ${d.message}`).join('\n') };
  const sectionConfig = config.sections.find((s) => s.id === section);
  if (!sectionConfig) {
    return { ok: false, error: `Unknown section "${section}". Sections: ${config.sections.map((s) => s.id).join(', ')}.` };
  }
  const clean = pagePath.replace(/\.md$/, '').replace(/^\/+|\/+$/g, '');
  if (!/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(clean)) {
    return { ok: false, error: `"${pagePath}" is not a valid page path: use lower-case letters, digits, dashes and slashes, e.g. databases/redis.` };
  }
  const locales = Object.keys(config.locales);
  const files = locales.map((l) => path.join('content', l, section, `${clean}.md`));
  const existing = files.filter((f) => existsSync(path.join(root, f)));
  if (existing.length) return { ok: false, error: `Already there: ${existing.join(', ')}. Nothing was created.` };
  const today = new Date().toISOString().slice(0, 10);
  const title = clean.split('/').pop()!.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
  for (const file of files) {
    const lines = ['---', `title: ${title}`, `description: TODO describe this page in one sentence under 160 characters.`];
    if (sectionConfig.kind === 'blog') lines.push(`date: ${today}`, `authors: [${firstAuthor(root)}]`, 'tags: []', 'draft: true');
    else lines.push('draft: true');
    lines.push('---', '', 'Write the introduction here.', '', '## First section', '');
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), lines.join('\n'));
  }
  return { ok: true, files };
}

/** A post needs an author; the first one in content/authors.yml is a fine placeholder. */
function firstAuthor(root: string): string {
  const file = path.join(root, 'content', 'authors.yml');
  if (!existsSync(file)) return '';
  return /^([a-z0-9][a-z0-9-]*):/m.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
}
