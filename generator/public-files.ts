// Files in public/, copied as they are; links to them are checked like links to pages.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const PUBLIC_DIR = 'public';

export function listPublicFiles(root: string): string[] {
  const base = path.join(root, PUBLIC_DIR);
  if (!existsSync(base)) return [];
  return readdirSync(base, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `/${path.relative(base, path.join(e.parentPath, e.name)).split(path.sep).join('/')}`)
    .sort();
}
