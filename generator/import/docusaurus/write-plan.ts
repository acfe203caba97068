// Writing an import plan into a project folder: the only place of the importer that writes.
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONFIG_FILE } from '../../config/config.ts';
import { engineDependency, packageJson } from '../../scaffold/starter-site.ts';
import type { ImportPlan } from './plan.ts';
import type { ReportItem } from './report.ts';

export class ContentExistsError extends Error {}

export interface WriteResult {
  /** False when the target had a config already: the caller shows the generated one instead. */
  configWritten: boolean;
  written: number;
  copied: number;
  /** Files of public/ that were there already and were kept. */
  kept: ReportItem[];
}

/** Refuses a non-empty content/ unless `force`, which replaces it as a whole. `shown` names `out` in messages. */
export async function writePlan(
  plan: ImportPlan,
  projectDir: string,
  out: string,
  force: boolean,
  shown = out,
): Promise<WriteResult> {
  const content = path.join(out, 'content');
  if (existsSync(content) && readdirSync(content).length) {
    if (!force)
      throw new ContentExistsError(
        `${path.join(shown, 'content')}/ is not empty; nothing was written. Import into an empty folder (--out <dir>), or add --force to replace content/ as a whole.`,
      );
    await rm(content, { recursive: true, force: true });
  }
  const put = async (rel: string, text: string) => {
    await mkdir(path.dirname(path.join(out, rel)), { recursive: true });
    await writeFile(path.join(out, rel), text);
  };
  const kept: ReportItem[] = [];
  let written = 0;
  for (const [rel, text] of plan.files) {
    // content/ was emptied above; a file of the project outside it (i18n/<locale>.ts) is the project's own.
    if (!rel.startsWith('content/') && existsSync(path.join(out, rel)) && !force) {
      kept.push({
        file: rel,
        written: true,
        line: 1,
        column: 1,
        message: `already there and kept; the imported strings were not written (--force replaces the file):\n${text}`,
        rule: 'i18n',
      });
      continue;
    }
    await put(rel, text);
    written++;
  }
  const configWritten = !existsSync(path.join(out, CONFIG_FILE));
  if (configWritten) await put(CONFIG_FILE, plan.config);
  // A folder of its own becomes a site of its own: it depends on this engine, so `npm install && npx
  // site build` works in it, as in a folder `site init` wrote. A project's own package.json stays.
  if (!existsSync(path.join(out, 'package.json'))) {
    await put('package.json', packageJson(path.basename(path.resolve(out)), engineDependency(path.resolve(out))));
    written++;
  }
  let copied = 0;
  for (const [from, to] of plan.copies) {
    const target = path.join(out, to);
    if (existsSync(target) && !force) {
      kept.push({
        file: to,
        written: true,
        line: 1,
        column: 1,
        message: `already there and kept; ${path.join(projectDir, from)} was not copied (--force replaces it)`,
        rule: 'static',
      });
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(projectDir, from), target);
    copied++;
  }
  return { configWritten, written: written + (configWritten ? 1 : 0), copied, kept };
}
