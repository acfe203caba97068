// Every feed, sitemap, JSON file and nginx include the build writes is read back by a parser of its
// format before it is written: a file no reader could take is a diagnostic, never a published file.
// XML goes through saxes, a conforming parser (well-formedness, namespaces, the characters XML 1.0
// allows); JSON through JSON.parse; the nginx include through its tokens as nginx reads them
// (quoted strings, blocks, directives ended by `;`), since a build machine need not have nginx.
import { SaxesParser } from 'saxes';
import { messageOf } from '../../common/error-message.ts';
import { diagnostic } from '../diagnostics/diagnostic-rules.ts';
import type { Diagnostic } from '../types.ts';

/** Why `contents` is not a file of the format its name says; undefined when it is (or is of no format checked). */
export function readBackProblem(
  file: string,
  contents: string | Uint8Array,
): { format: string; reason: string } | undefined {
  const format = formatOf(file);
  if (!format) return undefined;
  const text = typeof contents === 'string' ? contents : new TextDecoder().decode(contents);
  try {
    if (format === 'XML') parseXml(text);
    else if (format === 'JSON') JSON.parse(text);
    else parseNginx(text);
    return undefined;
  } catch (error) {
    return { format, reason: messageOf(error).split('\n')[0] };
  }
}

/** A diagnostic for a file that does not read back, `outDir` relative to the site; undefined when it does. */
export function readBack(outDir: string, file: string, contents: string | Uint8Array): Diagnostic | undefined {
  const problem = readBackProblem(file, contents);
  return problem && diagnostic({ file: `${outDir}/${file}` }, 'written-file', 'unreadable', problem);
}

function formatOf(file: string): 'XML' | 'JSON' | 'an nginx include' | undefined {
  if (file.endsWith('.xml')) return 'XML';
  if (file.endsWith('.json') || file.endsWith('.webmanifest')) return 'JSON';
  if (file.endsWith('.conf')) return 'an nginx include';
  return undefined;
}

function parseXml(text: string): void {
  const parser = new SaxesParser({ xmlns: true });
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  let roots = 0;
  let depth = 0;
  parser.on('opentag', () => {
    if (depth++ === 0) roots++;
  });
  parser.on('closetag', () => void depth--);
  parser.write(text).close();
  if (failure) throw failure;
  if (roots !== 1) throw new Error(`${roots} root elements, where XML has one`);
}

/** nginx's configuration syntax: words and quoted strings (with backslash escapes), `#` comments to
 * the end of the line, directives ended by `;`, blocks in braces; no control character but
 * whitespace anywhere. */
function parseNginx(text: string): void {
  const control = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.exec(text);
  if (control)
    throw new Error(
      `line ${text.slice(0, control.index).split('\n').length}: control character U+${control[0].charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`,
    );
  let depth = 0;
  let words = 0;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (/\s/.test(c)) continue;
    if (c === '#') {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
      continue;
    }
    if (c === ';') {
      if (!words) throw new Error(`line ${line}: ";" without a directive`);
      words = 0;
    } else if (c === '{') {
      if (!words) throw new Error(`line ${line}: "{" without a directive`);
      depth++;
      words = 0;
    } else if (c === '}') {
      if (words) throw new Error(`line ${line}: directive not ended by ";" before "}"`);
      if (--depth < 0) throw new Error(`line ${line}: "}" closes no block`);
    } else if (c === '"' || c === "'") {
      const opened = line;
      let j = i + 1;
      while (j < text.length && text[j] !== c) {
        if (text[j] === '\\') j++;
        else if (text[j] === '\n') line++;
        j++;
      }
      if (j >= text.length) throw new Error(`line ${opened}: quoted string not closed`);
      i = j;
      words++;
    } else {
      while (i + 1 < text.length && !/[\s;{}"'#]/.test(text[i + 1])) i++;
      words++;
    }
  }
  if (words) throw new Error('the last directive is not ended by ";"');
  if (depth) throw new Error(`${depth} block(s) not closed by "}"`);
}
