// `site import docusaurus <dir>`: a Docusaurus project into this project's content tree.
import path from 'node:path';
import type { Command } from 'commander';
import { count } from '../common/count.ts';

export function registerImportCommand(program: Command, root: string): void {
  const command = program.command('import').description('Import the content of a site made with another generator.');
  command
    .command('docusaurus')
    .description(
      'Import a Docusaurus project: every docs and blog instance (preset and plugins array), translations under i18n/, _category_ files, sidebars, authors.yml and tags.yml into content/, static/ into public/, ' +
        'the theme translations into i18n/<locale>.ts, and title, URL, locales, sections, navbar, footer and redirects into config/site.config.ts (printed instead when the project has one). The config and the local modules it imports are parsed, never run; the docs version Docusaurus served at the docs route is imported, the others redirect to their nearest page. ' +
        "Rewrites admonitions, number prefixes, dated post names, links (new names, trailing slashes, the site's own host), tabs, npm2yarn and tab blocks (nested containers with one colon more per level outside), partials, mdx-code-block fences, images by require/import and DocCardList, keeps custom heading ids, and writes a redirect for every URL that changed. " +
        "The host's redirects (static/_redirects, vercel.json) become redirects of the config, or rules of public/_redirects where they have :placeholders or a * splat; a last docs version whose folder a build script makes is named loudly and the current docs stand in for it. " +
        'Writes import-report.md: every URL the Docusaurus site served, kept, redirected or lost with why. ' +
        'Prints what it could not carry (other MDX imports and exports, JSX, {expressions}, keys without counterpart) as path:line:col  message  [rule].',
    )
    .argument('<dir>', 'the folder of the Docusaurus project (where docusaurus.config.js is)')
    .option('--out <dir>', 'the project to write into', '.')
    .option('--force', 'replace a content/ folder that is not empty, and files in public/ of the same name', false)
    .action(async (dir: string, opts: { out: string; force: boolean }) => {
      const {
        readDocusaurusProject,
        NotDocusaurusError,
        planImport,
        writePlan,
        ContentExistsError,
        formatReportItem,
        sortReport,
        summarize,
        urlTotals,
      } = await import('../generator/import/docusaurus/index.ts');
      const out = path.resolve(root, opts.out);
      const shown = path.relative(root, out);
      try {
        const project = readDocusaurusProject(dir);
        const plan = planImport(project);
        const written = await writePlan(plan, path.resolve(root, dir), out, opts.force, shown || '.');
        const report = sortReport([...plan.report, ...written.kept]);
        for (const item of report)
          console.log(formatReportItem(item.written && shown ? { ...item, file: path.join(shown, item.file) } : item));
        if (!written.configWritten) {
          console.log(
            `\n${path.join(shown, 'config/site.config.ts')} exists and was left as it is. The imported settings, to merge by hand:\n\n${plan.config}`,
          );
        }
        const { pages, posts, locales, authors, tags } = plan.stats;
        console.log(
          `\nImported ${count(pages, 'docs page')} and ${count(posts, 'post')} in ${count(locales.length, 'locale')} (${locales.join(', ')}), ${count(authors, 'author')}, ${count(tags, 'tag')}; ` +
            `${count(written.written, 'file')} written, ${written.copied} copied into ${shown || '.'}/. ${summarize(report)}`,
        );
        const urls = urlTotals(plan.urls);
        console.log(
          `URLs of the Docusaurus site: ${urls.kept} kept, ${urls.redirected} redirected, ${urls.lost} lost; ${path.join(shown, 'import-report.md')} lists each${urls.lost ? ', the lost ones with why' : ''}.`,
        );
        if (report.length)
          console.log(
            `Run \`site check\`${shown ? ` in ${shown}` : ''} to see the pages with what was kept as written.`,
          );
      } catch (error) {
        if (!(error instanceof NotDocusaurusError || error instanceof ContentExistsError)) throw error;
        console.error(`site import docusaurus: ${error.message}`);
        process.exitCode = 1;
      }
    });
}
