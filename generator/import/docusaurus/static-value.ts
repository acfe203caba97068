// A JavaScript or TypeScript file of a Docusaurus project (its config, its sidebars) read as a
// program text, never run: @babel/parser parses both languages (TypeScript's own compiler in this
// project is the native one, without a JavaScript API), and the values the file spells out
// (literals, objects, arrays, constants declared at the top, `require.resolve('./x')`) are taken
// as plain data. Anything computed is an `Opaque` value, which the caller reports.
import { parse } from '@babel/parser';
import type { Expression, Node, Statement } from '@babel/types';

/** A value the file computes (a call, an expression over the environment): named by its source text. */
export class Opaque {
  constructor(
    readonly source: string,
    readonly line: number,
    /** The function node, for `createRedirects` and the like, which are read as a small language. */
    readonly fn?: Node,
  ) {}
}

export type StaticValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | Opaque
  | StaticValue[]
  | { [key: string]: StaticValue };

export interface StaticModule {
  /** The value the module exports (`export default`, `module.exports =`), or undefined. */
  exported: StaticValue;
  /** The top-level constants, by name. */
  bindings: Map<string, StaticValue>;
  /** A syntax error, with its line: nothing could be read. */
  error?: { line: number; message: string };
}

export function isRecord(v: StaticValue): v is { [key: string]: StaticValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Opaque);
}

export const str = (v: StaticValue): string | undefined => (typeof v === 'string' ? v : undefined);

function unwrap(node: Node): Node {
  let n = node;
  while (
    n.type === 'TSAsExpression' ||
    n.type === 'TSSatisfiesExpression' ||
    n.type === 'TSNonNullExpression' ||
    n.type === 'ParenthesizedExpression' ||
    n.type === 'TSTypeAssertion' ||
    n.type === 'AwaitExpression'
  ) {
    n = (n as { expression?: Node; argument?: Node }).expression ?? (n as { argument: Node }).argument;
  }
  return n;
}

/** The value a function returns, where its body is `return {...}` or an arrow's expression. */
function returned(fn: Node): Node | undefined {
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression' && fn.type !== 'FunctionDeclaration')
    return undefined;
  if (fn.body.type !== 'BlockStatement') return fn.body;
  const ret = [...fn.body.body].reverse().find((s) => s.type === 'ReturnStatement');
  return ret?.type === 'ReturnStatement' ? (ret.argument ?? undefined) : undefined;
}

export function readStaticModule(text: string, typescript: boolean): StaticModule {
  let program;
  try {
    program = parse(text, {
      sourceType: 'unambiguous',
      plugins: typescript ? ['typescript'] : ['jsx'],
      errorRecovery: false,
    }).program;
  } catch (error) {
    const e = error as { loc?: { line: number }; message: string };
    return {
      exported: undefined,
      bindings: new Map(),
      error: { line: e.loc?.line ?? 1, message: e.message.replace(/\s*\(\d+:\d+\)$/, '') },
    };
  }
  const nodes = new Map<string, Node>();
  const bindings = new Map<string, StaticValue>();
  const evaluating = new Set<string>();
  const sourceOf = (node: Node) => text.slice(node.start ?? 0, node.end ?? 0);

  const lookup = (name: string, at: Node): StaticValue => {
    if (bindings.has(name)) return bindings.get(name);
    const node = nodes.get(name);
    if (!node || evaluating.has(name)) return new Opaque(name, at.loc?.start.line ?? 1);
    evaluating.add(name);
    const value = evaluate(node);
    evaluating.delete(name);
    bindings.set(name, value);
    return value;
  };

  const evaluate = (raw: Node): StaticValue => {
    const node = unwrap(raw);
    const opaque = () => new Opaque(sourceOf(node), node.loc?.start.line ?? 1);
    switch (node.type) {
      case 'StringLiteral':
      case 'NumericLiteral':
      case 'BooleanLiteral':
        return node.value;
      case 'NullLiteral':
        return null;
      case 'TemplateLiteral': {
        let out = node.quasis[0].value.cooked ?? '';
        for (let i = 0; i < node.expressions.length; i++) {
          const v = evaluate(node.expressions[i]);
          if (typeof v !== 'string' && typeof v !== 'number') return opaque();
          out += String(v) + (node.quasis[i + 1].value.cooked ?? '');
        }
        return out;
      }
      case 'Identifier':
        return node.name === 'undefined' ? undefined : lookup(node.name, node);
      case 'UnaryExpression': {
        const v = evaluate(node.argument);
        if (node.operator === '-' && typeof v === 'number') return -v;
        if (node.operator === '!' && (typeof v === 'number' || typeof v === 'boolean')) return !v;
        return opaque();
      }
      case 'BinaryExpression': {
        if (node.operator !== '+' || node.left.type === 'PrivateName') return opaque();
        const a = evaluate(node.left);
        const b = evaluate(node.right);
        return (typeof a === 'string' || typeof a === 'number') && (typeof b === 'string' || typeof b === 'number')
          ? (a as string) + b
          : opaque();
      }
      case 'ArrayExpression': {
        const out: StaticValue[] = [];
        for (const el of node.elements) {
          if (!el) continue;
          if (el.type === 'SpreadElement') {
            const v = evaluate(el.argument);
            if (Array.isArray(v)) out.push(...v);
            else out.push(new Opaque(sourceOf(el), el.loc?.start.line ?? 1));
          } else out.push(evaluate(el));
        }
        return out;
      }
      case 'ObjectExpression': {
        const out: { [key: string]: StaticValue } = {};
        for (const prop of node.properties) {
          if (prop.type === 'SpreadElement') {
            const v = evaluate(prop.argument);
            if (isRecord(v)) Object.assign(out, v);
            continue;
          }
          const key = prop.computed
            ? evaluate(prop.key as Expression)
            : prop.key.type === 'Identifier'
              ? prop.key.name
              : prop.key.type === 'StringLiteral' || prop.key.type === 'NumericLiteral'
                ? String(prop.key.value)
                : undefined;
          if (typeof key !== 'string' && typeof key !== 'number') continue;
          if (prop.type === 'ObjectMethod') out[key] = new Opaque(sourceOf(prop), prop.loc?.start.line ?? 1, prop);
          else out[key] = evaluate(prop.value as Expression);
        }
        return out;
      }
      case 'ArrowFunctionExpression':
      case 'FunctionExpression':
        return new Opaque(sourceOf(node), node.loc?.start.line ?? 1, node);
      case 'CallExpression': {
        // `require.resolve('./sidebars.js')` names a file of the project.
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'require' &&
          callee.property.type === 'Identifier' &&
          callee.property.name === 'resolve'
        ) {
          const arg = node.arguments[0];
          if (arg && arg.type !== 'SpreadElement' && arg.type !== 'ArgumentPlaceholder') return evaluate(arg);
        }
        return opaque();
      }
      case 'MemberExpression': {
        const object = evaluate(node.object);
        const key = node.computed
          ? evaluate(node.property as Expression)
          : node.property.type === 'Identifier'
            ? node.property.name
            : undefined;
        if (isRecord(object) && typeof key === 'string') return object[key];
        if (Array.isArray(object) && typeof key === 'number') return object[key];
        return opaque();
      }
      default:
        return opaque();
    }
  };

  let exportedNode: Node | undefined;
  const visitTop = (statement: Statement) => {
    if (statement.type === 'VariableDeclaration') {
      for (const d of statement.declarations) if (d.id.type === 'Identifier' && d.init) nodes.set(d.id.name, d.init);
    } else if (statement.type === 'FunctionDeclaration' && statement.id) nodes.set(statement.id.name, statement);
    else if (statement.type === 'ExportNamedDeclaration' && statement.declaration) visitTop(statement.declaration);
    else if (statement.type === 'ExportDefaultDeclaration') exportedNode = statement.declaration;
    else if (statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression') {
      const { left, right } = statement.expression;
      const isModuleExports =
        left.type === 'MemberExpression' &&
        left.object.type === 'Identifier' &&
        left.object.name === 'module' &&
        left.property.type === 'Identifier' &&
        left.property.name === 'exports';
      if (isModuleExports) exportedNode = right;
    }
  };
  for (const statement of program.body) visitTop(statement);

  let exported: StaticValue;
  if (exportedNode) {
    let node = unwrap(exportedNode);
    if (node.type === 'Identifier') node = nodes.get(node.name) ? unwrap(nodes.get(node.name)!) : node;
    // `export default async function createConfig() { return {...}; }`
    const body = returned(node);
    if (body) {
      const inner = unwrap(body);
      node = inner.type === 'Identifier' && nodes.get(inner.name) ? unwrap(nodes.get(inner.name)!) : inner;
    }
    exported = evaluate(node);
  }
  for (const name of nodes.keys()) lookup(name, program);
  return { exported, bindings };
}
