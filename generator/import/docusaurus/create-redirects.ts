// `createRedirects(existingPath)` of @docusaurus/plugin-client-redirects, where it is static: a
// function of its path made of `if` on `includes`/`startsWith`/`endsWith`/`===`, and `return` of
// paths built with `replace`, `+` and template strings. It is read, never run; a function that
// does anything else is reported as a whole.
import type { Expression, Node, Statement } from '@babel/types';

export class NotStatic extends Error {}

type Value = string | string[] | boolean | undefined | null;

/** A function `(existingPath) => string | string[] | undefined`, or an error naming what is not static. */
export function staticCreateRedirects(fn: Node): ((existingPath: string) => string[]) | { error: string } {
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression' && fn.type !== 'ObjectMethod')
    return { error: 'not a function' };
  const param = fn.params[0];
  if (param?.type !== 'Identifier') return { error: 'its parameter is not a plain name' };
  const name = param.name;
  const expr = (node: Node, path: string): Value => {
    switch (node.type) {
      case 'StringLiteral':
        return node.value;
      case 'NullLiteral':
        return null;
      case 'BooleanLiteral':
        return node.value;
      case 'Identifier':
        if (node.name === name) return path;
        if (node.name === 'undefined') return undefined;
        throw new NotStatic(node.name);
      case 'TemplateLiteral':
        return node.quasis
          .map(
            (q, i) =>
              (q.value.cooked ?? '') + (i < node.expressions.length ? String(expr(node.expressions[i], path)) : ''),
          )
          .join('');
      case 'ArrayExpression':
        return node.elements.map((e) => {
          const v = e && e.type !== 'SpreadElement' ? expr(e, path) : undefined;
          if (typeof v !== 'string') throw new NotStatic('an array item');
          return v;
        });
      case 'BinaryExpression': {
        const a = expr(node.left, path);
        const b = expr(node.right as Expression, path);
        if (node.operator === '+' && typeof a === 'string' && typeof b === 'string') return a + b;
        if (node.operator === '===' || node.operator === '==') return a === b;
        if (node.operator === '!==' || node.operator === '!=') return a !== b;
        throw new NotStatic(node.operator);
      }
      case 'LogicalExpression': {
        const a = expr(node.left, path);
        if (node.operator === '&&') return a ? expr(node.right, path) : a;
        if (node.operator === '||') return a ? a : expr(node.right, path);
        throw new NotStatic(node.operator);
      }
      case 'UnaryExpression':
        if (node.operator === '!') return !expr(node.argument, path);
        throw new NotStatic(node.operator);
      case 'CallExpression': {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') throw new NotStatic('a call');
        const target = expr(callee.object, path);
        const args = node.arguments.map((a) =>
          a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder' ? undefined : expr(a, path),
        );
        if (typeof target !== 'string' || args.some((a) => typeof a !== 'string')) throw new NotStatic('a call');
        const [x, y] = args as string[];
        switch (callee.property.name) {
          case 'includes':
            return target.includes(x);
          case 'startsWith':
            return target.startsWith(x);
          case 'endsWith':
            return target.endsWith(x);
          case 'replace':
            return target.replace(x, y);
          case 'replaceAll':
            return target.replaceAll(x, y);
          default:
            throw new NotStatic(callee.property.name);
        }
      }
      default:
        throw new NotStatic(node.type);
    }
  };
  /** Runs statements; `{ value }` once one returns. */
  const run = (statements: Statement[], path: string): { value: Value } | undefined => {
    for (const s of statements) {
      if (s.type === 'ReturnStatement') return { value: s.argument ? expr(s.argument, path) : undefined };
      if (s.type === 'IfStatement') {
        const branch = expr(s.test, path) ? s.consequent : s.alternate;
        const done = branch && run(branch.type === 'BlockStatement' ? branch.body : [branch], path);
        if (done) return done;
      } else if (s.type === 'BlockStatement') {
        const done = run(s.body, path);
        if (done) return done;
      } else if (s.type !== 'EmptyStatement') throw new NotStatic(s.type);
    }
    return undefined;
  };
  const call = (path: string): string[] => {
    const result = fn.body.type === 'BlockStatement' ? run(fn.body.body, path)?.value : expr(fn.body, path);
    return typeof result === 'string' ? [result] : Array.isArray(result) ? result : [];
  };
  // Tried once on a path, so that a function that is not static is named before it is used.
  try {
    call('/');
  } catch (error) {
    if (error instanceof NotStatic) return { error: `it uses ${error.message}, which the importer does not read` };
    throw error;
  }
  // A branch not taken on '/' may still hold something not static: the caller catches NotStatic.
  return call;
}
