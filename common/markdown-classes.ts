// The class names the Markdown stage writes into a page's body, which a theme's stylesheet and
// runtime style and enhance: part of the theme contract, exported from the package as
// `MARKDOWN_CLASSES`. A theme that styles none of them still shows every page whole (plain
// asides, figures, lists of panels); these make it look as intended. Pure: browser code imports it.
export const MARKDOWN_CLASSES = {
  /** The link to itself a `##` to `####` heading ends with: `<a class="hash-link" href="#id">#</a>`. */
  hashLink: 'hash-link',
  /** An admonition's `<aside>` (`:::tip`, `> [!NOTE]`), beside its kind's class. */
  admonition: 'admonition',
  /** The title paragraph of an admonition. */
  admonitionTitle: 'admonition-title',
  /** A set of tabs (`::::tabs`): its panels follow in order, each with its label first. */
  tabs: 'tabs',
  tabPanel: 'tab-panel',
  tabLabel: 'tab-label',
  /** A code block with a title: a `<figure>` with the title as its `<figcaption>`. */
  codeBlock: 'code-block',
  codeTitle: 'code-title',
  /** One line of a code block with highlighted lines or line numbers (a `<mark>` when highlighted). */
  codeLine: 'code-line',
  /** A line's number, hidden from screen readers and left out of what is copied. */
  codeLineNumber: 'code-line-number',
  /** The `<pre>` of a code block with line numbers. */
  lineNumbers: 'line-numbers',
} as const;

/** The class of an admonition's kind, beside `admonition`: `admonition-note`, `admonition-tip`, … */
export function admonitionKindClass(kind: string): string {
  return `${MARKDOWN_CLASSES.admonition}-${kind}`;
}
