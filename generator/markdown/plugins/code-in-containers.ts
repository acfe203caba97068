// A fenced code block inside a `:::` container keeps its lines, a line of colons among them too.
// micromark-extension-directive looks for a container's closing fence on every line of its content
// before that content is parsed, so it cannot know that a `:::` line is inside a code block: the
// code block of an admonition that shows `:::` syntax came out empty, the code after it as a
// paragraph and the rest of the page as code. The container's construct is used as it is; only its
// search for the closing fence is skipped while a code fence that is closed further down is open in
// its content. A code fence never closed is no code block to hold the closer (CommonMark ends it
// with its container), so the container closes as before.
import type { Construct, Effects, State, TokenizeContext } from 'micromark-util-types';
import type { Processor } from 'unified';

/** The lines of the document being parsed; undefined outside a parse (see withDocumentLines). */
let documentLines: string[] | undefined;

/** A line opening a fenced code block, behind block quote and list markers. */
const OPENER = /^(?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])))*[ \t]*(`{3,}|~{3,})(.*)$/;
const CLOSER = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})[ \t]*$/;

/** The fence a line opens: its marker, when the line is one (a backtick fence's info has no backtick). */
function opens(line: string): string | undefined {
  const m = OPENER.exec(line);
  if (!m || (m[1][0] === '`' && m[2].includes('`'))) return undefined;
  return m[1];
}

function closes(line: string, fence: string): boolean {
  const m = CLOSER.exec(line);
  return m !== null && m[1][0] === fence[0] && m[1].length >= fence.length;
}

/** Whether a code fence opened on `line` (from 1) of the document is closed on a later line. */
function closedLater(line: number, fence: string): boolean {
  const lines = documentLines ?? [];
  for (let i = line; i < lines.length; i++) if (closes(lines[i], fence)) return true;
  return false;
}

/** Tokenizers the container tries at the start of each content line for its closing fence. */
const CLOSING_FENCE = 'tokenizeClosingFence';

/** The directive container construct, its closing fence not looked for inside a code block. */
export function containerKeepingCode(container: Construct): Construct {
  return {
    ...container,
    tokenize(this: TokenizeContext, effects: Effects, ok: State, nok: State) {
      const context = this;
      let text = '';
      let lineOfText = 0;
      /** The marker of the code fence open in the content, if one is. */
      let fence: string | undefined;
      const tracked: Effects = {
        ...effects,
        consume(code) {
          // Characters of the container's own lines: its content, as micromark hands it on.
          if (code !== null && code >= 0 && code !== 10 && code !== 13) text += String.fromCharCode(code);
          else if (code === -2) text += '\t';
          else if (code === -1) text += ' ';
          effects.consume(code);
        },
        attempt(construct, returnOk, returnNok) {
          const tokenizer = (Array.isArray(construct) ? undefined : (construct as Construct).tokenize)?.name;
          if (tokenizer !== CLOSING_FENCE) return effects.attempt(construct, returnOk, returnNok);
          // The start of a content line: the line before it is complete.
          if (lineOfText) {
            if (fence === undefined) {
              const opened = opens(text);
              if (opened && closedLater(lineOfText, opened)) fence = opened;
            } else if (closes(text, fence)) fence = undefined;
          }
          text = '';
          lineOfText = context.now().line;
          if (fence === undefined) return effects.attempt(construct, returnOk, returnNok);
          return effects.attempt({ tokenize: (_e, _ok, no) => no, partial: true }, returnOk, returnNok);
        },
      };
      return container.tokenize.call(context, tracked, ok, nok);
    },
  };
}

/** Keeps the lines of each document remark-parse parses where containerKeepingCode looks ahead
 * (an included file is parsed in the middle of another's transforms: each keeps its own). */
export function withDocumentLines(processor: Processor): void {
  const parse = processor.parser;
  if (!parse) return;
  processor.parser = (document, file) => {
    const outer = documentLines;
    documentLines = document.split(/\r\n|\r|\n/);
    try {
      return parse(document, file);
    } finally {
      documentLines = outer;
    }
  };
}
