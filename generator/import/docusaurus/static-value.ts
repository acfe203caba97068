// A JavaScript or TypeScript file of a Docusaurus project (its config, its sidebars, the modules
// they import) read as a program text, never run: @babel/parser parses both languages (TypeScript's
// own compiler in this project is the native one, without a JavaScript API), and what the file
// spells out is taken as plain data: literals, objects and arrays, constants, `require()` and
// `import` of the project's own modules (.js, .mjs, .cjs, .ts, .json), small functions applied to
// them (`locales.map((l) => …)`, `Object.fromEntries`), conditions. The environment is taken to be
// empty (`process.env.X` is unset, as in a plain `docusaurus build`), and each place that reads it is
// noted as an assumption. Anything else is an `Opaque` value, with its file and line, which the
// caller reports.
import path from 'node:path/posix';
import { parse } from '@babel/parser';
import type { Expression, Node, Statement } from '@babel/types';

/** A value the file computes (a call, an expression over the environment): named by its source text. */
export class Opaque {
  constructor(
    readonly source: string,
    readonly line: number,
    /** The function node, for `createRedirects` and the like, which are read as a small language. */
    readonly fn?: Node,
    /** The project file that computes it (`docusaurus.config.js`, `i18n.js`). */
    readonly file = '',
    /** Where a function was written: its free names are looked up there when it is applied. */
    readonly closure?: Scope,
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

/** Something taken for granted to read a value statically: the environment is empty, and so on. */
export interface Assumption {
  file: string;
  line: number;
  message: string;
}

/** Reads the project's own files: a path relative to the project folder, undefined when there is no such file. */
export type ReadFile = (rel: string) => string | undefined;

export interface StaticModule {
  /** The value the module exports (`export default`, `module.exports =`), or undefined. */
  exported: StaticValue;
  /** Its named exports (`export const locales`, `exports.locales =`). */
  named: Record<string, StaticValue>;
  /** The top-level constants, by name. */
  bindings: Map<string, StaticValue>;
  /** A syntax error, with its line: nothing could be read. */
  error?: { line: number; message: string };
  /** Every read of the environment, and what was assumed there, in every module read. */
  assumptions: Assumption[];
  /** Project files read besides this one (`i18n.js`, `redirects.json`). */
  modules: string[];
}

export function isRecord(v: StaticValue): v is { [key: string]: StaticValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Opaque);
}

export const str = (v: StaticValue): string | undefined => (typeof v === 'string' ? v : undefined);

/** Top-level names of a module, evaluated when first used. */
type Declared =
  | { kind: 'node'; node: Node }
  | { kind: 'import'; from: string; name: 'default' | '*' | string; line: number }
  | { kind: 'pick'; of: Node; key: string | number };

interface Scope {
  values: Map<string, StaticValue>;
  parent?: Scope;
}

const RESOLVE_SUFFIXES = ['', '.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.json', '/index.js', '/index.ts'];

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

/** `process.env` itself. */
function isProcessEnv(node: Node): boolean {
  return (
    (node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') &&
    node.object.type === 'Identifier' &&
    node.object.name === 'process' &&
    node.property.type === 'Identifier' &&
    node.property.name === 'env'
  );
}

const isPrimitive = (v: StaticValue): v is string | number | boolean | null | undefined =>
  v === null || v === undefined || typeof v !== 'object';

/** Whether a statement of a function body can be followed statically. */
class Unreadable extends Error {}

/** The modules of one project read so far, shared by every file read from it. */
interface Program {
  read: ReadFile;
  modules: Map<string, LoadedModule>;
  assumptions: Assumption[];
  loading: Set<string>;
}

export interface ReadOptions {
  /** The file's path relative to the project folder, for lines and for resolving its imports. */
  file?: string;
  /** Reads the modules the file imports; without it, imports are opaque. */
  read?: ReadFile;
}

export function readStaticModule(text: string, typescript: boolean, options: ReadOptions = {}): StaticModule {
  const program: Program = {
    read: options.read ?? (() => undefined),
    modules: new Map(),
    assumptions: [],
    loading: new Set(),
  };
  const module = readModule(program, text, typescript, options.file ?? '');
  return { ...module, assumptions: program.assumptions, modules: [...program.modules.keys()] };
}

type LoadedModule = StaticModule & { namespace: StaticValue; commonjs: boolean };

function loadModule(program: Program, from: string, spec: string): LoadedModule | undefined {
  if (!spec.startsWith('.') && !spec.startsWith('/')) return undefined;
  const base = spec.startsWith('/') ? spec.slice(1) : path.join(path.dirname(from), spec);
  const candidates = RESOLVE_SUFFIXES.map((s) => base + s);
  // A TypeScript project imports `./x.js` for `./x.ts`.
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.(m?)js$/, '.$1ts'));
  for (const rel of candidates) {
    const cached = program.modules.get(rel);
    if (cached) return cached;
    if (program.loading.has(rel)) return undefined;
    const text = program.read(rel);
    if (text === undefined) continue;
    program.loading.add(rel);
    let read: LoadedModule;
    if (rel.endsWith('.json')) {
      let value: StaticValue;
      try {
        value = JSON.parse(text.replace(/^\uFEFF/, '')) as StaticValue;
      } catch {
        value = new Opaque(`${rel} (not valid JSON)`, 1, undefined, rel);
      }
      read = {
        exported: value,
        named: {},
        bindings: new Map(),
        assumptions: [],
        modules: [],
        namespace: value,
        commonjs: true,
      };
    } else {
      read = readModule(program, text, /\.[mc]?ts$/.test(rel), rel);
    }
    program.loading.delete(rel);
    program.modules.set(rel, read);
    return read;
  }
  return undefined;
}

function readModule(program: Program, text: string, typescript: boolean, file: string): LoadedModule {
  let body: Statement[];
  try {
    body = parse(text, {
      sourceType: 'unambiguous',
      plugins: typescript ? ['typescript'] : ['jsx'],
      errorRecovery: false,
    }).program.body;
  } catch (error) {
    const e = error as { loc?: { line: number }; message: string };
    const opaque = new Opaque(`${file} (not readable)`, e.loc?.line ?? 1, undefined, file);
    return {
      exported: undefined,
      named: {},
      bindings: new Map(),
      error: { line: e.loc?.line ?? 1, message: e.message.replace(/\s*\(\d+:\d+\)$/, '') },
      assumptions: [],
      modules: [],
      namespace: opaque,
      commonjs: false,
    };
  }
  const declared = new Map<string, Declared>();
  const bindings = new Map<string, StaticValue>();
  const evaluating = new Set<string>();
  const sourceOf = (node: Node) => text.slice(node.start ?? 0, node.end ?? 0);
  const lineOf = (node: Node) => node.loc?.start.line ?? 1;
  const opaqueOf = (node: Node, fn?: Node, closure?: Scope) =>
    new Opaque(sourceOf(node), lineOf(node), fn, file, closure);
  const assume = (node: Node, message: string) => program.assumptions.push({ file, line: lineOf(node), message });
  const short = (node: Node) => {
    const one = sourceOf(node).replace(/\s+/g, ' ');
    return one.length > 50 ? `${one.slice(0, 49)}…` : one;
  };

  const importOf = (spec: string, name: string, at: Node): StaticValue => {
    const loaded = loadModule(program, file, spec);
    if (!loaded)
      return at.type === 'CallExpression'
        ? opaqueOf(at)
        : new Opaque(`${name === '*' ? '' : `${name} of `}${spec}`, lineOf(at), undefined, file);
    if (name === '*') return loaded.namespace;
    // `import x from './cjs.js'` is its module.exports, as bundlers and Node take it.
    if (name === 'default') return loaded.commonjs ? loaded.namespace : loaded.exported;
    return isRecord(loaded.namespace) ? loaded.namespace[name] : undefined;
  };

  const lookupTop = (name: string, at: Node): StaticValue => {
    if (bindings.has(name)) return bindings.get(name);
    const d = declared.get(name);
    if (!d || evaluating.has(name)) return new Opaque(name, lineOf(at), undefined, file);
    evaluating.add(name);
    let value: StaticValue;
    if (d.kind === 'import') value = importOf(d.from, d.name, at);
    else if (d.kind === 'pick' && isProcessEnv(d.of)) {
      // `const { LOCALE_CI } = process.env`
      assume(d.of, `process.env.${d.key} assumed unset, as in a plain build`);
      value = d.key === 'NODE_ENV' ? 'production' : undefined;
    } else if (d.kind === 'pick') {
      const of = evaluate(d.of, top);
      value = isRecord(of) || Array.isArray(of) ? (of as Record<string, StaticValue>)[d.key] : opaqueOf(d.of);
    } else if (d.node.type === 'FunctionDeclaration') value = opaqueOf(d.node, d.node, top);
    else value = evaluate(d.node, top);
    evaluating.delete(name);
    bindings.set(name, value);
    return value;
  };

  const lookup = (name: string, scope: Scope | undefined, at: Node): StaticValue => {
    for (let s = scope; s; s = s.parent) if (s.values.has(name)) return s.values.get(name);
    return lookupTop(name, at);
  };

  /** Applies a function value to arguments; Unreadable when its body does more than the evaluator follows. */
  const apply = (fn: StaticValue, args: StaticValue[]): StaticValue => {
    if (!(fn instanceof Opaque) || !fn.fn) throw new Unreadable();
    const node = fn.fn;
    if (
      node.type !== 'ArrowFunctionExpression' &&
      node.type !== 'FunctionExpression' &&
      node.type !== 'FunctionDeclaration' &&
      node.type !== 'ObjectMethod'
    )
      throw new Unreadable();
    // A function of another module is applied by that module's reader.
    if (fn.file !== file) throw new Unreadable();
    const scope: Scope = { values: new Map(), parent: fn.closure };
    node.params.forEach((p, i) => {
      bind(p, args[i], scope);
    });
    if (node.body.type !== 'BlockStatement') return evaluate(node.body, scope);
    const result = run(node.body.body, scope);
    return result ? result.value : undefined;
  };

  /** A parameter or declaration's pattern bound to a value. */
  const bind = (pattern: Node, value: StaticValue, scope: Scope) => {
    if (pattern.type === 'Identifier') scope.values.set(pattern.name, value);
    else if (pattern.type === 'AssignmentPattern')
      bind(pattern.left, value === undefined ? evaluate(pattern.right, scope) : value, scope);
    else if (pattern.type === 'ObjectPattern') {
      for (const prop of pattern.properties) {
        if (prop.type !== 'ObjectProperty' || prop.key.type !== 'Identifier') throw new Unreadable();
        bind(prop.value, isRecord(value) ? value[prop.key.name] : undefined, scope);
      }
    } else if (pattern.type === 'ArrayPattern') {
      pattern.elements.forEach((el, i) => {
        if (el) bind(el, Array.isArray(value) ? value[i] : undefined, scope);
      });
    } else throw new Unreadable();
  };

  const run = (statements: Statement[], scope: Scope): { value: StaticValue } | undefined => {
    for (const s of statements) {
      if (s.type === 'ReturnStatement') return { value: s.argument ? evaluate(s.argument, scope) : undefined };
      if (s.type === 'VariableDeclaration') {
        for (const d of s.declarations) bind(d.id, d.init ? evaluate(d.init, scope) : undefined, scope);
      } else if (s.type === 'IfStatement') {
        const test = evaluate(s.test, scope);
        if (test instanceof Opaque) throw new Unreadable();
        const branch = test ? s.consequent : s.alternate;
        const done = branch && run(branch.type === 'BlockStatement' ? branch.body : [branch], scope);
        if (done) return done;
      } else if (s.type === 'BlockStatement') {
        const done = run(s.body, { values: new Map(), parent: scope });
        if (done) return done;
      } else if (s.type !== 'EmptyStatement' && s.type !== 'FunctionDeclaration') throw new Unreadable();
      if (s.type === 'FunctionDeclaration' && s.id) scope.values.set(s.id.name, opaqueOf(s, s, scope));
    }
    return undefined;
  };

  /** `process.env.X`: the environment of a plain build, where it is unset. */
  const isEnv = (node: Node): string | undefined => {
    if (node.type !== 'MemberExpression' && node.type !== 'OptionalMemberExpression') return undefined;
    if (isProcessEnv(unwrap(node.object)))
      return node.property.type === 'Identifier' && !node.computed
        ? node.property.name
        : node.property.type === 'StringLiteral'
          ? node.property.value
          : '…';
    return undefined;
  };

  /** Evaluates a condition; a read of the environment in it is noted with the branch taken. */
  const condition = (test: Node, scope: Scope | undefined, taken: () => string): StaticValue => {
    const before = program.assumptions.length;
    const value = evaluate(test, scope);
    if (program.assumptions.length > before && !(value instanceof Opaque)) {
      const envs = program.assumptions.splice(before).map((a) => /process\.env\.\S+/.exec(a.message)?.[0] ?? '');
      assume(test, `${[...new Set(envs)].join(', ')} assumed unset, as in a plain build: took ${taken()}`);
    }
    return value;
  };

  const member = (object: StaticValue, key: StaticValue): StaticValue => {
    if (typeof key === 'number' || typeof key === 'string') {
      if (Array.isArray(object)) return key === 'length' ? object.length : object[Number(key)];
      if (typeof object === 'string') return key === 'length' ? object.length : object[Number(key)];
      if (isRecord(object)) return Object.hasOwn(object, key) ? object[key] : undefined;
    }
    throw new Unreadable();
  };

  const ARRAY_METHODS = new Set([
    'map',
    'filter',
    'find',
    'some',
    'every',
    'flatMap',
    'concat',
    'includes',
    'join',
    'slice',
    'indexOf',
    'flat',
    'at',
  ]);
  const STRING_METHODS = new Set([
    'replace',
    'replaceAll',
    'startsWith',
    'endsWith',
    'includes',
    'toLowerCase',
    'toUpperCase',
    'split',
    'trim',
    'slice',
    'concat',
    'padStart',
  ]);

  const call = (node: Node & { type: 'CallExpression' | 'OptionalCallExpression' }, scope?: Scope): StaticValue => {
    const callee = unwrap(node.callee);
    const args = () =>
      node.arguments.map((a) => {
        if (a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder') throw new Unreadable();
        return evaluate(a, scope);
      });
    const first = node.arguments[0];
    const literalArg = first && first.type === 'StringLiteral' ? first.value : undefined;
    if (callee.type === 'Identifier' && callee.name === 'require' && !lookupShadowed('require', scope)) {
      if (literalArg === undefined) throw new Unreadable();
      return importOf(literalArg, '*', node);
    }
    if (callee.type === 'Import' && literalArg !== undefined) return importOf(literalArg, '*', node);
    if (callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') {
      const name = callee.property.type === 'Identifier' && !callee.computed ? callee.property.name : undefined;
      const object = unwrap(callee.object);
      // `require.resolve('./sidebars.js')` names a file of the project.
      if (object.type === 'Identifier' && object.name === 'require' && name === 'resolve' && first)
        return evaluate(first as Expression, scope);
      if (object.type === 'Identifier' && object.name === 'Object' && name) {
        const [a, b] = args();
        if (name === 'keys' && isRecord(a)) return Object.keys(a);
        if (name === 'values' && isRecord(a)) return Object.values(a);
        if (name === 'entries' && isRecord(a)) return Object.entries(a);
        if (name === 'fromEntries' && Array.isArray(a))
          return Object.fromEntries(
            a.map((e) => {
              if (!Array.isArray(e) || (typeof e[0] !== 'string' && typeof e[0] !== 'number')) throw new Unreadable();
              return [e[0], e[1]];
            }),
          );
        if (name === 'assign' && isRecord(a)) return Object.assign({}, a, ...args().slice(1).filter(isRecord));
        if (name === 'freeze') return a;
        void b;
        throw new Unreadable();
      }
      if (object.type === 'Identifier' && object.name === 'JSON' && name === 'parse') {
        const [a] = args();
        if (typeof a !== 'string') throw new Unreadable();
        return JSON.parse(a) as StaticValue;
      }
      if (!name) throw new Unreadable();
      const target = evaluate(object, scope);
      if (target instanceof Opaque) throw new Unreadable();
      if (callee.type === 'OptionalMemberExpression' && (target === undefined || target === null)) return undefined;
      if (Array.isArray(target) && ARRAY_METHODS.has(name)) {
        const a = args();
        const fn = (item: StaticValue, i: number) => apply(a[0], [item, i, target]);
        switch (name) {
          case 'map':
            return target.map(fn);
          case 'filter':
            return target.filter((x, i) => Boolean(fn(x, i)));
          case 'find':
            return target.find((x, i) => Boolean(fn(x, i)));
          case 'some':
            return target.some((x, i) => Boolean(fn(x, i)));
          case 'every':
            return target.every((x, i) => Boolean(fn(x, i)));
          case 'flatMap':
            return target.flatMap((x, i) => fn(x, i));
          case 'concat':
            return target.concat(...a);
          case 'includes':
            return target.includes(a[0]);
          case 'indexOf':
            return target.indexOf(a[0]);
          case 'join':
            if (!target.every(isPrimitive)) throw new Unreadable();
            return target.join(typeof a[0] === 'string' ? a[0] : ',');
          case 'slice':
            return target.slice(a[0] as number, a[1] as number);
          case 'flat':
            return target.flat() as StaticValue[];
          case 'at':
            return target.at(a[0] as number);
        }
      }
      if (typeof target === 'string' && STRING_METHODS.has(name)) {
        const a = args();
        if (!a.every((x) => typeof x === 'string' || typeof x === 'number')) throw new Unreadable();
        return (target as unknown as Record<string, (...x: unknown[]) => StaticValue>)[name](...a);
      }
      if (isRecord(target) && target[name] instanceof Opaque) return apply(target[name], args());
      throw new Unreadable();
    }
    if (callee.type === 'Identifier') return apply(lookup(callee.name, scope, callee), args());
    if (callee.type === 'ArrowFunctionExpression' || callee.type === 'FunctionExpression')
      return apply(opaqueOf(callee, callee, scope), args());
    throw new Unreadable();
  };

  const lookupShadowed = (name: string, scope: Scope | undefined) => {
    for (let s = scope; s; s = s.parent) if (s.values.has(name)) return true;
    return declared.has(name);
  };

  const evaluate = (raw: Node, scope?: Scope): StaticValue => {
    const node = unwrap(raw);
    try {
      return evaluateNode(node, scope);
    } catch (error) {
      if (error instanceof Unreadable || error instanceof TypeError || error instanceof SyntaxError)
        return opaqueOf(node);
      throw error;
    }
  };

  const evaluateNode = (node: Node, scope?: Scope): StaticValue => {
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
          const v = evaluate(node.expressions[i], scope);
          if (!isPrimitive(v)) throw new Unreadable();
          out += String(v) + (node.quasis[i + 1].value.cooked ?? '');
        }
        return out;
      }
      case 'Identifier':
        return node.name === 'undefined' ? undefined : lookup(node.name, scope, node);
      case 'UnaryExpression': {
        const v = evaluate(node.argument, scope);
        if (v instanceof Opaque) throw new Unreadable();
        if (node.operator === '-' && typeof v === 'number') return -v;
        if (node.operator === '+' && typeof v === 'number') return v;
        if (node.operator === '!') return !v;
        if (node.operator === 'typeof' && isPrimitive(v)) return typeof v;
        throw new Unreadable();
      }
      case 'BinaryExpression': {
        if (node.left.type === 'PrivateName') throw new Unreadable();
        const a = evaluate(node.left, scope);
        const b = evaluate(node.right, scope);
        if (!isPrimitive(a) || !isPrimitive(b)) {
          if (node.operator === '===' || node.operator === '!==') {
            if (a instanceof Opaque || b instanceof Opaque) throw new Unreadable();
            return node.operator === '===' ? a === b : a !== b;
          }
          throw new Unreadable();
        }
        const x = a as never;
        const y = b as never;
        switch (node.operator) {
          case '+':
            return x + y;
          case '-':
            return x - y;
          case '*':
            return x * y;
          case '/':
            return x / y;
          case '===':
            return a === b;
          case '!==':
            return a !== b;
          // The config's own loose comparisons, evaluated as JavaScript would.
          case '==':
            // biome-ignore lint/suspicious/noDoubleEquals: the operator evaluated is `==` itself
            return a == b;
          case '!=':
            // biome-ignore lint/suspicious/noDoubleEquals: the operator evaluated is `!=` itself
            return a != b;
          case '<':
            return x < y;
          case '>':
            return x > y;
          case '<=':
            return x <= y;
          case '>=':
            return x >= y;
          default:
            throw new Unreadable();
        }
      }
      case 'LogicalExpression': {
        const a = condition(node.left, scope, () =>
          node.operator === '&&' ? 'the value false' : `the fallback ${short(node.right)}`,
        );
        if (a instanceof Opaque) throw new Unreadable();
        if (node.operator === '&&') return a ? evaluate(node.right, scope) : a;
        if (node.operator === '||') return a ? a : evaluate(node.right, scope);
        return a ?? evaluate(node.right, scope);
      }
      case 'ConditionalExpression': {
        const test = condition(node.test, scope, () => short(node.alternate));
        if (test instanceof Opaque) throw new Unreadable();
        return test ? evaluate(node.consequent, scope) : evaluate(node.alternate, scope);
      }
      case 'ArrayExpression': {
        const out: StaticValue[] = [];
        for (const el of node.elements) {
          if (!el) continue;
          if (el.type === 'SpreadElement') {
            const v = evaluate(el.argument, scope);
            if (Array.isArray(v)) out.push(...v);
            else out.push(opaqueOf(el));
          } else out.push(evaluate(el, scope));
        }
        return out;
      }
      case 'ObjectExpression': {
        const out: { [key: string]: StaticValue } = {};
        for (const prop of node.properties) {
          if (prop.type === 'SpreadElement') {
            const v = evaluate(prop.argument, scope);
            if (isRecord(v)) Object.assign(out, v);
            continue;
          }
          const key = prop.computed
            ? evaluate(prop.key as Expression, scope)
            : prop.key.type === 'Identifier'
              ? prop.key.name
              : prop.key.type === 'StringLiteral' || prop.key.type === 'NumericLiteral'
                ? String(prop.key.value)
                : undefined;
          if (typeof key !== 'string' && typeof key !== 'number') continue;
          if (prop.type === 'ObjectMethod') out[key] = opaqueOf(prop, prop, scope);
          else out[key] = evaluate(prop.value as Expression, scope);
        }
        return out;
      }
      case 'ArrowFunctionExpression':
      case 'FunctionExpression':
        return opaqueOf(node, node, scope);
      case 'CallExpression':
      case 'OptionalCallExpression':
        return call(node, scope);
      case 'MemberExpression':
      case 'OptionalMemberExpression': {
        const env = isEnv(node);
        if (env === 'NODE_ENV') {
          assume(node, 'process.env.NODE_ENV assumed "production", as `docusaurus build` sets it');
          return 'production';
        }
        if (env !== undefined) {
          assume(node, `process.env.${env} assumed unset, as in a plain build`);
          return undefined;
        }
        const object = evaluate(node.object, scope);
        if (object instanceof Opaque) throw new Unreadable();
        if (node.type === 'OptionalMemberExpression' && (object === undefined || object === null)) return undefined;
        const key = node.computed
          ? evaluate(node.property as Expression, scope)
          : node.property.type === 'Identifier'
            ? node.property.name
            : undefined;
        return member(object, key);
      }
      default:
        throw new Unreadable();
    }
  };

  const top: Scope | undefined = undefined;
  let exportedNode: Node | undefined;
  let commonjs = false;
  const namedNodes = new Map<string, Node | string>();
  const visitTop = (statement: Statement) => {
    if (statement.type === 'VariableDeclaration') {
      for (const d of statement.declarations) {
        if (!d.init) continue;
        if (d.id.type === 'Identifier') declared.set(d.id.name, { kind: 'node', node: d.init });
        else if (d.id.type === 'ObjectPattern')
          for (const p of d.id.properties)
            if (p.type === 'ObjectProperty' && p.key.type === 'Identifier' && p.value.type === 'Identifier')
              declared.set(p.value.name, { kind: 'pick', of: d.init, key: p.key.name });
      }
    } else if (statement.type === 'FunctionDeclaration' && statement.id)
      declared.set(statement.id.name, { kind: 'node', node: statement });
    else if (statement.type === 'ImportDeclaration') {
      for (const s of statement.specifiers) {
        const name =
          s.type === 'ImportDefaultSpecifier'
            ? 'default'
            : s.type === 'ImportNamespaceSpecifier'
              ? '*'
              : s.imported.type === 'Identifier'
                ? s.imported.name
                : s.imported.value;
        declared.set(s.local.name, {
          kind: 'import',
          from: statement.source.value,
          name,
          line: lineOf(statement),
        });
      }
    } else if (statement.type === 'ExportNamedDeclaration') {
      if (statement.declaration) {
        visitTop(statement.declaration);
        const d = statement.declaration;
        if (d.type === 'VariableDeclaration')
          for (const x of d.declarations) if (x.id.type === 'Identifier') namedNodes.set(x.id.name, x.id.name);
        if (d.type === 'FunctionDeclaration' && d.id) namedNodes.set(d.id.name, d.id.name);
      }
      for (const s of statement.specifiers)
        if (s.type === 'ExportSpecifier')
          namedNodes.set(s.exported.type === 'Identifier' ? s.exported.name : s.exported.value, s.local.name);
    } else if (statement.type === 'ExportDefaultDeclaration') exportedNode = statement.declaration;
    else if (statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression') {
      const { left, right } = statement.expression;
      if (left.type !== 'MemberExpression' || left.property.type !== 'Identifier') return;
      const isModule = (n: Node) => n.type === 'Identifier' && n.name === 'module';
      if (isModule(left.object) && left.property.name === 'exports') {
        exportedNode = right;
        commonjs = true;
      } else if (
        (left.object.type === 'Identifier' && left.object.name === 'exports') ||
        (left.object.type === 'MemberExpression' &&
          isModule(left.object.object) &&
          left.object.property.type === 'Identifier' &&
          left.object.property.name === 'exports')
      ) {
        namedNodes.set(left.property.name, right);
        commonjs = true;
      }
    }
  };
  for (const statement of body) visitTop(statement);

  let exported: StaticValue;
  if (exportedNode) {
    let node = unwrap(exportedNode);
    if (node.type === 'Identifier') {
      const d = declared.get(node.name);
      node = d?.kind === 'node' ? unwrap(d.node) : node;
    }
    // `export default async function createConfig() { return {...}; }`
    if (
      node.type === 'ArrowFunctionExpression' ||
      node.type === 'FunctionExpression' ||
      node.type === 'FunctionDeclaration'
    ) {
      try {
        exported = apply(opaqueOf(node, node, top), []);
      } catch (error) {
        if (!(error instanceof Unreadable)) throw error;
        exported = opaqueOf(node);
      }
    } else exported = evaluate(node, top);
  }
  const named: Record<string, StaticValue> = {};
  for (const [name, target] of namedNodes)
    named[name] = typeof target === 'string' ? lookupTop(target, body[0]) : evaluate(target, top);
  if (commonjs && exported === undefined) exported = { ...named };
  const namespace: StaticValue = commonjs
    ? exported
    : { ...named, ...(exported !== undefined ? { default: exported } : {}) };
  return { exported, named, bindings, assumptions: [], modules: [], namespace, commonjs };
}
