// `_headers` (the Netlify format static hosts read): a path on a line of its own, then the headers
// for it indented below, `Name: value`. Read by one parser for the build, which refuses a rule no
// server could send (a line of public/_headers is an error at its line), and for `site start`,
// which leaves such a rule out of a build made before and logs it, so one bad byte never reaches
// Node's `writeHead` (which throws on it, for every answer). What Node refuses is what is checked
// here: a name that is not an RFC 9110 token, a value with a character other than tab, visible
// ASCII and Latin-1.

export interface HeaderRule {
  /** The path pattern of its block (`/*`). */
  path: string;
  name: string;
  value: string;
  line: number;
}

export interface HostRuleProblem {
  line: number;
  /** What is wrong, in an editor's words; the rule is left out. */
  message: string;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const VALUE_REFUSED = /[^\t\x20-\x7e\x80-\xff]/;

/** `U+0001` for a character, as the messages name it. */
export const codePointOf = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

export function parseHeaderRules(text: string): { rules: HeaderRule[]; problems: HostRuleProblem[] } {
  const rules: HeaderRule[] = [];
  const problems: HostRuleProblem[] = [];
  let path: string | undefined;
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    const content = raw.replace(/\r$/, '');
    if (!content.trim() || content.trim().startsWith('#')) return;
    if (!/^\s/.test(content)) {
      path = content.trim();
      const refused = /[\u0000-\u001f\u007f]/.exec(path);
      if (refused) {
        problems.push({ line, message: `the path holds ${codePointOf(refused[0])}, a control character` });
        path = undefined;
      }
      return;
    }
    if (path === undefined) {
      problems.push({ line, message: 'a header before any path: write the path (/*) on a line of its own above it' });
      return;
    }
    const colon = content.indexOf(':');
    if (colon === -1) {
      problems.push({ line, message: `"${content.trim()}" is not a header: write it as Name: value` });
      return;
    }
    const name = content.slice(0, colon).trim();
    const value = content.slice(colon + 1).trim();
    if (!TOKEN.test(name)) {
      const bad = [...name].find((c) => !TOKEN.test(c));
      problems.push({
        line,
        message: `the header name "${name}" ${bad === undefined ? 'is empty' : `holds ${bad === ' ' ? 'a space' : codePointOf(bad)}`}`,
      });
      return;
    }
    const refused = VALUE_REFUSED.exec(value);
    if (refused) {
      problems.push({
        line,
        message: `the value of ${name} holds ${codePointOf(refused[0])}, a character no HTTP header can carry`,
      });
      return;
    }
    rules.push({ path, name, value, line });
  });
  return { rules, problems };
}

/** The headers for every path (the `/*` blocks, a later one over an earlier), names in lower case. */
export function headersForAll(rules: HeaderRule[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) if (rule.path === '/*') headers[rule.name.toLowerCase()] = rule.value;
  return headers;
}
