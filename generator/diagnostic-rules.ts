// Every problem the build reports, by its rule id: what it means and how to fix it, as Astro's
// error catalogue. A diagnostic's `rule` is one of these ids; tests/unit/diagnostic-rules.test.ts
// checks that each has a broken fixture under tests/fixtures/broken/<id>/ that reports it.
export interface DiagnosticRule {
  title: string;
  hint: string;
  /** Why no broken fixture can show it (it needs a fault outside the site's files). */
  noFixture?: string;
}

export const DIAGNOSTIC_RULES = {
  config: { title: 'The site configuration is invalid', hint: 'fix the field named in config/site.config.ts; its type is in generator/config.ts' },
  'config-link': { title: 'The config links to a route that is no page', hint: 'create the page in every locale or change the route in config/' },
  'missing-messages': { title: 'A locale lacks UI strings', hint: 'write i18n/<locale>.ts with every string of common/messages/en.ts translated' },
  'unknown-locale': { title: 'A content folder is no configured locale', hint: 'move the folder or add the locale in config/site.config.ts' },
  'unknown-section': { title: 'A file lies outside every configured section', hint: 'add the section in config/site.config.ts or move the file' },
  'front-matter': { title: 'The front matter is missing or invalid', hint: 'fix the field named; docs/content.md lists them' },
  markdown: {
    title: 'A Markdown library warned about the file',
    hint: 'check the syntax at the position given',
    noFixture: 'a warning passed on from the Markdown libraries (remark, rehype plugins); none of the plugins in use emits one for a file that parses',
  },
  admonition: { title: 'An unknown admonition', hint: 'use :::note, :::tip, :::info, :::warning or :::danger' },
  mdx: { title: 'MDX in a Markdown page, or an .mdx file', hint: 'write the content in Markdown; show code in a fenced code block; escape a brace shown as text: \\{' },
  'unused-definition': { title: 'A line Markdown reads as a link definition that no link uses', hint: 'escape the first bracket (\\[) if the line is text, or use the definition' },
  'duplicate-title': { title: 'The body opens with a # heading other than the title', hint: 'remove the heading or make it the title in front matter' },
  'changed-ref': {
    title: 'site check --changed names no commit',
    hint: 'pass a branch, tag or commit of this clone; in CI fetch it first',
    noFixture: 'it needs a git repository and a ref, which a fixture of content files cannot hold; tests/integration/check-formats.test.ts covers it',
  },
  encoding: { title: 'A content file is not UTF-8', hint: 'save the file as UTF-8' },
  'content-file': {
    title: 'A .md entry that is no readable file',
    hint: 'remove it, or point the link at a Markdown file',
    noFixture: 'a dangling symbolic link or a pipe cannot be committed as a fixture; tests/integration/hostile-content.test.ts makes them at run time',
  },
  'file-name': { title: 'A content file name a URL cannot carry as it is', hint: 'use only a-z, A-Z, 0-9, "-", "_" and "." in file and folder names' },
  'markdown-size': {
    title: 'A Markdown file is larger than the limit',
    hint: 'split it into several pages, or raise markdown.maxFileKB in config/site.config.ts',
    noFixture: 'a file over the limit is made at run time by tests/integration/hostile-content.test.ts rather than committed',
  },
  'markdown-depth': { title: 'Lists or block quotes nested deeper than the limit', hint: 'flatten the nesting, or raise markdown.maxNesting in config/site.config.ts' },
  'markdown-timeout': {
    title: 'A Markdown file took longer to parse than the limit',
    hint: 'simplify the page (long runs of * or _, huge tables), or raise markdown.timeoutSeconds in config/site.config.ts',
    noFixture: 'made at run time by tests/unit/worker-pool.test.ts and tests/integration/hostile-content.test.ts with a low limit',
  },
  'markdown-memory': {
    title: 'A Markdown file needs more memory to parse than the limit',
    hint: 'split the page, or raise markdown.memoryMB in config/site.config.ts',
    noFixture: 'made at run time by tests/integration/hostile-content.test.ts with a low limit',
  },
  'unsafe-link': { title: 'A link or image with a javascript:, vbscript: or data: URL', hint: 'link a page or a file of the site; data: images can be allowed with markdown.dataImages' },
  'raw-html': { title: 'Raw HTML in Markdown', hint: 'write it in Markdown; use a fenced code block to show HTML source' },
  authors: { title: 'content/authors.yml is invalid', hint: 'fix the entry at the line given' },
  tags: { title: 'content/tags.yml is invalid', hint: 'fix the entry at the line given' },
  category: { title: 'A _category.yml is invalid', hint: 'fix the field at the line given (label, position, collapsed, description)' },
  'duplicate-route': { title: 'Two files produce the same route', hint: 'rename one of the files or give it another slug' },
  'missing-translation': { title: 'A page exists in one locale only', hint: 'create the same file in every locale' },
  'unknown-author': { title: 'A post names an author that is not defined', hint: 'define it in content/authors.yml or use an existing id' },
  'unknown-tag': { title: 'A post names a tag that is not defined', hint: 'define it in content/tags.yml or use an existing id' },
  'broken-link': { title: 'A Markdown link leads nowhere', hint: 'link an existing page or file' },
  'broken-fragment': { title: 'A link names a heading id the page does not have', hint: 'link an existing heading' },
  'broken-image': { title: 'A Markdown image is no file in public/', hint: 'add the file or fix the path' },
  'unreadable-image': { title: 'An image in public/ cannot be read', hint: 'save it again as PNG, JPEG, WebP, AVIF, GIF or SVG' },
  'trailing-slash': { title: 'An internal link lacks its trailing slash', hint: 'end page links with a slash' },
  'redirected-link': { title: 'A link points at a redirect', hint: 'link the redirect target directly' },
  'redirect-target-missing': { title: 'A redirect leads to no page', hint: 'fix the redirect in config/redirects.ts' },
  'redirect-shadows-page': { title: 'A redirect hides an existing page', hint: 'remove the redirect or the page' },
  'broken-theme-link': { title: 'A link the theme renders leads nowhere', hint: 'check config/site.config.ts (navbar, footer, favicon) and the theme component' },
  write: { title: 'A file of the output could not be written', hint: 'the previous build stays in place; check disk space and permissions' },
  render: {
    title: 'A page could not be rendered',
    hint: 'a theme component threw; fix the theme or the page named',
    noFixture: 'only a fault in the theme’s code makes a page fail to render; tests/unit/worker-pool.test.ts renders a broken page instead',
  },
  theme: {
    title: 'The theme’s code does not compile',
    hint: 'fix the file at the line given; until then site serve --watch shows the last theme that compiled',
    noFixture: 'the theme is the engine’s code, not a site’s files; tests/unit/theme-loader.test.ts bundles a broken theme module',
  },
} as const satisfies Record<string, DiagnosticRule>;

export type RuleId = keyof typeof DIAGNOSTIC_RULES;
