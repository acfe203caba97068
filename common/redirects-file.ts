// `_redirects` (the Netlify format): `from to [status]` per line, `#` comments. Read by one parser
// for the build, which refuses a rule no server could answer with (a line of public/_redirects is
// an error at its line), and for `site start`, which leaves such a rule out of a build made before
// and logs it. A target becomes a Location header: a control character there is refused, since
// Node throws on it (a 500 for every request to that source); a character beyond ASCII is sent
// percent-encoded, as a browser would send the same URL.
import { codePointOf, type HostRuleProblem } from './headers-file.ts';

export interface RedirectLine {
  from: string;
  to: string;
  line: number;
}

export function parseRedirectsFile(text: string): { rules: RedirectLine[]; problems: HostRuleProblem[] } {
  const rules: RedirectLine[] = [];
  const problems: HostRuleProblem[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    const content = raw.replace(/\r$/, '').trim();
    if (!content || content.startsWith('#')) return;
    const refused = /[\u0000-\u0008\u000a-\u001f\u007f]/.exec(content);
    if (refused) {
      problems.push({
        line,
        message: `the rule holds ${codePointOf(refused[0])}, a control character no Location header can carry`,
      });
      return;
    }
    const [from, to] = content.split(/\s+/);
    if (!from.startsWith('/')) return;
    if (to === undefined) {
      problems.push({ line, message: `"${from}" has no target` });
      return;
    }
    if (!to.startsWith('/') && !/^https?:\/\/[^/]/i.test(to)) {
      problems.push({
        line,
        message: `the target "${to}" is neither a path (/new/) nor an http(s) URL`,
      });
      return;
    }
    if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(content)) {
      problems.push({ line, message: 'the rule holds half of a surrogate pair, a character no URL can carry' });
      return;
    }
    rules.push({ from, to: encodeBeyondAscii(to), line });
  });
  return { rules, problems };
}

/** Characters beyond ASCII as UTF-8 percent escapes; the rest (and escapes already written) kept. */
function encodeBeyondAscii(url: string): string {
  return url.replace(/[^\x20-\x7e]+/gu, (chars) => encodeURIComponent(chars));
}
