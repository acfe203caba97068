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
  config: { title: 'The site configuration is invalid', hint: 'fix the field at the file and line named; docs/config.md lists every key with its type and default' },
  'config-link': { title: 'The config links to a route that is no page', hint: 'create the page in every locale or change the route in config/' },
  'missing-messages': { title: 'A locale shows UI strings in English', hint: 'translate the strings listed in i18n/<locale>.ts' },
  'public-file': { title: 'A file of public/ at a path the build writes', hint: 'rename or remove the file in public/; _headers and _redirects are merged' },
  'config-string': { title: 'The config names a UI string that does not exist', hint: 'add the key to i18n/<locale>.ts of every locale, or correct it in config/' },
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
  'unused-definition': { title: 'A line Markdown reads as a link definition that no link uses, or a footnote nothing refers to', hint: 'escape the first bracket (\\[) if the line is text, or use the definition or footnote' },
  'code-meta': { title: 'A code block names meta the engine does not know', hint: 'use title="…", {1,3-4}, showLineNumbers or showLineNumbers=N after the language' },
  tabs: { title: 'A tabs block that is not made of labelled tabs', hint: 'write ::::tabs{group="name"}, one :::tab[Label] … ::: per tab, and close with ::::' },
  include: { title: 'An ::include names a file that does not exist, or includes itself again', hint: 'write ::include{file="./_name.md"} with a path from the including file; the message shows the chain of includes' },
  'duplicate-title': { title: 'The body has a # heading other than the title', hint: 'make a leading one the title in front matter, any other a ## section' },
  'number-unit': { title: 'An ordinary space between a number and its unit, where a line may break', hint: 'write a no-break space: 480&nbsp;€, or the character U+00A0' },
  placeholder: { title: 'Placeholder text (TODO, the sentences site new writes) in a page that is no draft', hint: 'write the text, or keep the page a draft until it is written' },
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
  'unsafe-link': { title: 'A link or image (Markdown or raw HTML) with a javascript:, vbscript: or data: URL', hint: 'link a page or a file of the site; data: images can be allowed with markdown.dataImages' },
  'raw-html': { title: 'Raw HTML the allow-list removed (an element, an attribute, a comment)', hint: 'docs/content.md lists the HTML a page may use; write the rest in Markdown, show HTML source in a fenced code block' },
  authors: { title: 'content/authors.yml is invalid', hint: 'fix the entry at the line given' },
  tags: { title: 'content/tags.yml is invalid', hint: 'fix the entry at the line given' },
  category: { title: 'A _category.yml is invalid', hint: 'fix the field at the line given (label, position, collapsed, description)' },
  'duplicate-route': { title: 'Two files produce the same route', hint: 'rename one of the files or give it another slug' },
  'route-removed': {
    title: 'A URL the baseline served is gone without a redirect',
    hint: "add a redirect from the old route to its successor in the config's redirects, or restore the page",
    noFixture: 'it needs a baseline (site check --baseline): tests/integration/route-manifest.test.ts',
  },
  'translation-outdated': {
    title: 'A translation lags behind its source page',
    hint: 'update the translation from the commits named (git log -p shows them), or mark a commit that needs no translation with the trailer "Translation: none"',
    noFixture: 'it needs git history: tests/integration/translation-status.test.ts makes a repository for it',
  },
  'translation-structure': {
    title: 'A translation lacks a heading, code block, image or link target of its source',
    hint: 'translate the missing parts, or set source_locale in the front matter if this file is the original',
    noFixture: 'the basic fixture is no git repository; tests/integration/translation-status.test.ts shows it',
  },
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
