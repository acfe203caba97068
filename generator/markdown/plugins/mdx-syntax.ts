// Remark: what MDX would make of a body that Markdown shows as typed. An import or export statement
// at the top level is reported and left out of the page; a `{…}` MDX would evaluate is reported
// where it is written, and stays as text.
import type { Paragraph, Root } from 'mdast';
import type { VFile } from 'vfile';
import { type Diagnosis, diagnosis } from '../../diagnostics/diagnostic-rules.ts';
import { collected } from '../collected.ts';
import { SKIP, visit } from '../visit-tree.ts';
import { textOf } from './includes.ts';

/** The start of an MDX import or export statement. */
const MDX_STATEMENT =
  /^(?:import\s+(?:[\w*{][^\n]*\sfrom\s+['"]|['"])|export\s+(?:default\b|const\s|let\s|function\s|\{|\*))/;
/** The end of a statement on one line: a module name in quotes, a value, a closing bracket. */
const COMPLETE = /(?:['"`;)\]}]|\w)\s*$/;
/** Braces that stand on their own, not glued to a word as in `a:hover{color:red}`. */
const BRACES = /(^|\s)\{([^{}\n]*)\}/g;
/** What MDX would evaluate where Markdown shows it as typed: a comment, a member access or call
 * (`{props.version}`, `{new Date().getFullYear()}`). A lone word is one only when the page imports
 * or exports it; `{Object}`, `{}`, `{ a: 1 }` are text to everyone else who renders Markdown. */
const MDX_COMMENT = /^\s*\/\*[\s\S]*\*\/\s*$/;
const MDX_ACCESS = /^\s*(?:new\s+)?[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*|\[[^\]]+\]|\([^()]*\))+\s*$/;
const MDX_NAME = /^\s*([A-Za-z_$][\w$]*)\s*$/;

/** The names an MDX import or export statement declares. */
function declaredNames(statement: string): string[] {
  const names: string[] = [];
  const declared = /^export\s+(?:default\s+)?(?:const|let|var|function\*?|class)\s+([A-Za-z_$][\w$]*)/.exec(statement);
  if (declared) names.push(declared[1]);
  const imported = /^import\s+(?:([A-Za-z_$][\w$]*)\s*,?\s*)?(?:\{([^}]*)\}|\*\s+as\s+([A-Za-z_$][\w$]*))?/.exec(
    statement,
  );
  if (imported) {
    if (imported[1]) names.push(imported[1]);
    if (imported[3]) names.push(imported[3]);
    for (const part of (imported[2] ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name);
    }
  }
  return names;
}

export function remarkMdxSyntax() {
  return (tree: Root, file: VFile) => {
    const data = collected(file);
    const problem = (node: { position?: { start: { line: number; column: number } } }, says: Diagnosis) => {
      const start = node.position?.start ?? { line: 1, column: 1 };
      data.problems.push({ line: start.line, column: start.column, ...says });
    };
    // Names the page's own imports and exports declare: `{year}` after `export const year` is MDX.
    const declared = new Set<string>();
    for (const child of tree.children) {
      const text = child.type === 'paragraph' ? child.children[0] : undefined;
      if (text?.type === 'text' && MDX_STATEMENT.test(text.value))
        for (const line of text.value.split('\n')) for (const name of declaredNames(line.trim())) declared.add(name);
    }
    const isExpression = (inner: string) =>
      MDX_COMMENT.test(inner) || MDX_ACCESS.test(inner) || declared.has(MDX_NAME.exec(inner)?.[1] ?? '');
    visit(tree, (node, index, parent) => {
      if (node.type === 'paragraph' && parent?.type === 'root' && index !== undefined) {
        const text = (node as Paragraph).children[0];
        if (text?.type === 'text' && MDX_STATEMENT.test(text.value)) {
          problem(node, diagnosis('mdx', 'statement', { kind: text.value.startsWith('import') ? 'import' : 'export' }));
          // Text on the lines after complete one-line statements runs into their paragraph: it is
          // the editor's, and stays. A statement over several lines goes whole.
          const lines = text.value.split('\n');
          let statements = 0;
          while (statements < lines.length && MDX_STATEMENT.test(lines[statements]) && COMPLETE.test(lines[statements]))
            statements++;
          if (statements === 0 || (statements === lines.length && (node as Paragraph).children.length === 1)) {
            parent.children.splice(index, 1);
            return index;
          }
          text.value = lines.slice(statements).join('\n');
          return SKIP;
        }
      }
      if (node.type === 'text' && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
        // Looked for in the source, where an escaped brace (`\{`) still has its backslash.
        const { start, end } = node.position;
        const written = textOf(file, start.line).slice(start.offset, end.offset);
        for (const m of [...written.matchAll(BRACES)].filter((match) => isExpression(match[2]))) {
          const lines = written.slice(0, m.index + m[1].length).split('\n');
          const line = start.line + lines.length - 1;
          const column = lines.length > 1 ? lines[lines.length - 1].length + 1 : start.column + lines[0].length;
          data.problems.push({ line, column, ...diagnosis('mdx', 'expression', { text: m[0].trim() }) });
        }
      }
    });
  };
}
