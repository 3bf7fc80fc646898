/**
 * Reads a GraphQL request the way a GraphQL server does before it runs it (the GraphQL
 * specification, October 2021: §2 "Language" for the grammar, §6.1 for choosing the operation and
 * coercing its variables): the document's operations and fragments, and of the chosen operation
 * its fields, with aliases, arguments (variables put in, defaults applied), fragments spread in
 * place and @skip / @include applied. Type conditions are not checked: the sandbox's schema
 * (shopify-schema.ts) has no interfaces or unions for them to choose between.
 */

/** One field of a selection set, ready to run: its response key, arguments and sub-selection. */
export interface FieldSelection {
  name: string;
  /** The alias, or the name: where the field's value goes in the reply. */
  key: string;
  args: Record<string, unknown>;
  fields: FieldSelection[];
  line: number;
  column: number;
}

export interface ReadOperation {
  kind: 'query' | 'mutation' | 'subscription';
  name: string | null;
  fields: FieldSelection[];
}

/** A document GraphQL cannot run, with where it went wrong (a GraphQL error's message and location). */
export interface DocumentError {
  message: string;
  line: number;
  column: number;
}

type Token = { kind: 'punct' | 'name' | 'int' | 'float' | 'string' | 'end'; text: string; at: number };

/** §2.1 the lexical tokens; white space, commas, comments and the byte order mark are ignored. */
function tokens(source: string): Token[] {
  const found: Token[] = [];
  const pattern =
    /[\s,\uFEFF]+|#[^\n\r]*|(\.\.\.|[!$&():=@[\]{|}])|([_A-Za-z][_0-9A-Za-z]*)|(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)|("""[\s\S]*?"""|"(?:[^"\\\n\r]|\\(?:["\\/bfnrt]|u[0-9A-Fa-f]{4}))*")|(.)/gy;
  for (const match of source.matchAll(pattern)) {
    const [text, punct, name, number, string, other] = match;
    const at = match.index;
    if (other !== undefined) throw unreadable(source, at, `Parse error on "${other}"`);
    if (punct !== undefined) found.push({ kind: 'punct', text, at });
    else if (name !== undefined) found.push({ kind: 'name', text, at });
    else if (number !== undefined) found.push({ kind: /[.eE]/.test(number) ? 'float' : 'int', text, at });
    else if (string !== undefined) found.push({ kind: 'string', text: stringValue(string), at });
  }
  found.push({ kind: 'end', text: '', at: source.length });
  return found;
}

/** §2.9.4 a string value: block strings with their common indentation removed, others unescaped. */
function stringValue(raw: string): string {
  if (raw.startsWith('"""')) {
    const lines = raw
      .slice(3, -3)
      .replace(/\\"""/g, '"""')
      .split(/\r\n|\n|\r/);
    const indents = lines.slice(1).filter((line) => line.trim() !== '');
    const common = Math.min(...indents.map((line) => line.length - line.trimStart().length));
    const body = lines.map((line, index) =>
      index === 0 || !Number.isFinite(common) ? line : line.slice(common),
    );
    while (body.length > 0 && body[0]?.trim() === '') body.shift();
    while (body.length > 0 && body.at(-1)?.trim() === '') body.pop();
    return body.join('\n');
  }
  return JSON.parse(raw) as string;
}

function locate(source: string, at: number, message: string): DocumentError {
  const before = source.slice(0, at).split(/\r\n|\n|\r/);
  return { message, line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** What reading throws where the document cannot be run; readOperation answers its error. */
class Unreadable extends Error {
  constructor(readonly error: DocumentError) {
    super(error.message);
  }
}

const unreadable = (source: string, at: number, message: string) =>
  new Unreadable(locate(source, at, message));

/** A value as written, variables still named: resolved once the operation's variables are known. */
type Literal =
  | { variable: string }
  | { enum: string }
  | { list: Literal[] }
  | { object: Record<string, Literal> }
  | { scalar: unknown };

interface RawField {
  name: string;
  key: string;
  args: Record<string, Literal>;
  directives: { name: string; args: Record<string, Literal> }[];
  selections: RawSelection[];
  at: number;
}
type RawSelection =
  | ({ type: 'field' } & RawField)
  | { type: 'spread'; fragment: string; directives: RawField['directives']; at: number }
  | { type: 'inline'; directives: RawField['directives']; selections: RawSelection[] };

interface RawOperation {
  kind: ReadOperation['kind'];
  name: string | null;
  defaults: Record<string, Literal | undefined>;
  selections: RawSelection[];
}

/** §2.2 to §2.12: the recursive-descent reader of one executable document. */
function parse(source: string): { operations: RawOperation[]; fragments: Map<string, RawSelection[]> } {
  const list = tokens(source);
  let index = 0;
  const peek = () => list[index] ?? { kind: 'end' as const, text: '', at: source.length };
  const fail = (token: Token): never => {
    const what = token.kind === 'end' ? ': unexpected end of document' : ` on "${token.text}"`;
    throw unreadable(source, token.at, `Parse error${what}`);
  };
  const take = (text?: string): Token => {
    const token = peek();
    if (token.kind === 'end' || (text !== undefined && (token.text !== text || token.kind === 'string')))
      fail(token);
    index += 1;
    return token;
  };
  const takeName = (): string => {
    const token = peek();
    if (token.kind !== 'name') fail(token);
    index += 1;
    return token.text;
  };
  const isPunct = (text: string) => peek().kind === 'punct' && peek().text === text;

  const value = (constant: boolean): Literal => {
    const token = peek();
    if (token.kind === 'punct' && token.text === '$' && !constant) {
      take('$');
      return { variable: takeName() };
    }
    if (token.kind === 'int' || token.kind === 'float') {
      index += 1;
      return { scalar: Number(token.text) };
    }
    if (token.kind === 'string') {
      index += 1;
      return { scalar: token.text };
    }
    if (token.kind === 'name') {
      index += 1;
      if (token.text === 'true' || token.text === 'false') return { scalar: token.text === 'true' };
      return token.text === 'null' ? { scalar: null } : { enum: token.text };
    }
    if (isPunct('[')) {
      take('[');
      const items: Literal[] = [];
      while (!isPunct(']')) items.push(value(constant));
      take(']');
      return { list: items };
    }
    if (isPunct('{')) {
      take('{');
      const fields: Record<string, Literal> = {};
      while (!isPunct('}')) {
        const name = takeName();
        take(':');
        fields[name] = value(constant);
      }
      take('}');
      return { object: fields };
    }
    return fail(token);
  };
  const args = (): Record<string, Literal> => {
    const found: Record<string, Literal> = {};
    if (!isPunct('(')) return found;
    take('(');
    while (!isPunct(')')) {
      const name = takeName();
      take(':');
      found[name] = value(false);
    }
    take(')');
    return found;
  };
  const directives = (): RawField['directives'] => {
    const found: RawField['directives'] = [];
    while (isPunct('@')) {
      take('@');
      found.push({ name: takeName(), args: args() });
    }
    return found;
  };
  const typeReference = (): void => {
    if (isPunct('[')) {
      take('[');
      typeReference();
      take(']');
    } else takeName();
    if (isPunct('!')) take('!');
  };
  const selectionSet = (): RawSelection[] => {
    take('{');
    const selections: RawSelection[] = [];
    while (!isPunct('}')) {
      const at = peek().at;
      if (isPunct('...')) {
        take('...');
        if (peek().kind === 'name' && peek().text !== 'on') {
          selections.push({ type: 'spread', fragment: takeName(), directives: directives(), at });
          continue;
        }
        if (peek().text === 'on') {
          take('on');
          takeName();
        }
        selections.push({ type: 'inline', directives: directives(), selections: selectionSet() });
        continue;
      }
      const key = takeName();
      let name = key;
      if (isPunct(':')) {
        take(':');
        name = takeName();
      }
      const fieldArgs = args();
      const fieldDirectives = directives();
      const sub = isPunct('{') ? selectionSet() : [];
      selections.push({
        type: 'field',
        name,
        key,
        args: fieldArgs,
        directives: fieldDirectives,
        selections: sub,
        at,
      });
    }
    take('}');
    if (selections.length === 0) fail(peek());
    return selections;
  };

  const operations: RawOperation[] = [];
  const fragments = new Map<string, RawSelection[]>();
  while (peek().kind !== 'end') {
    if (isPunct('{')) {
      operations.push({ kind: 'query', name: null, defaults: {}, selections: selectionSet() });
      continue;
    }
    const keyword = takeName();
    if (keyword === 'fragment') {
      const name = takeName();
      take('on');
      takeName();
      directives();
      fragments.set(name, selectionSet());
      continue;
    }
    const kind =
      keyword === 'query' || keyword === 'mutation' || keyword === 'subscription'
        ? keyword
        : fail(list[index - 1] ?? peek());
    const name = peek().kind === 'name' ? takeName() : null;
    const defaults: RawOperation['defaults'] = {};
    if (isPunct('(')) {
      take('(');
      while (!isPunct(')')) {
        take('$');
        const variable = takeName();
        take(':');
        typeReference();
        defaults[variable] = undefined;
        if (isPunct('=')) {
          take('=');
          defaults[variable] = value(true);
        }
        directives();
      }
      take(')');
    }
    directives();
    operations.push({ kind, name, defaults, selections: selectionSet() });
  }
  return { operations, fragments };
}

/**
 * The operation a request asks to run (§6.1.1: the one named by operationName, or the document's
 * only one), its fields resolved with the request's variables; or the error GraphQL answers.
 */
export function readOperation(
  document: string,
  variables: Record<string, unknown>,
  operationName?: string,
): ReadOperation | DocumentError {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(document);
  } catch (error) {
    if (error instanceof Unreadable) return error.error;
    throw error;
  }
  const chosen = operationName
    ? parsed.operations.filter((operation) => operation.name === operationName)
    : parsed.operations;
  const [operation] = chosen;
  if (!operation || chosen.length > 1)
    return {
      message: operationName
        ? `No operation named "${operationName}"`
        : 'An operation name is required when the document holds more than one operation',
      line: 1,
      column: 1,
    };

  const resolve = (literal: Literal): unknown => {
    if ('variable' in literal) {
      if (literal.variable in variables) return variables[literal.variable];
      const fallback = operation.defaults[literal.variable];
      return fallback === undefined ? null : resolve(fallback);
    }
    if ('enum' in literal) return literal.enum;
    if ('list' in literal) return literal.list.map(resolve);
    if ('object' in literal)
      return Object.fromEntries(Object.entries(literal.object).map(([name, item]) => [name, resolve(item)]));
    return literal.scalar;
  };
  const resolveArgs = (raw: Record<string, Literal>) =>
    Object.fromEntries(Object.entries(raw).map(([name, literal]) => [name, resolve(literal)]));
  // §3.13 @skip(if:) and @include(if:) decide whether a selection is there at all.
  const included = (found: RawField['directives']) =>
    found.every((directive) => {
      const condition = resolveArgs(directive.args).if === true;
      if (directive.name === 'skip') return !condition;
      if (directive.name === 'include') return condition;
      return true;
    });

  /** §6.3.2 fields of one response key are merged: their sub-selections run together. */
  const merge = (fields: FieldSelection[], field: FieldSelection) => {
    const same = fields.find((known) => known.key === field.key);
    if (same) same.fields.push(...field.fields);
    else fields.push(field);
  };
  const expand = (selections: RawSelection[], spreading: ReadonlySet<string>): FieldSelection[] => {
    const fields: FieldSelection[] = [];
    for (const selection of selections) {
      if (!included(selection.directives)) continue;
      if (selection.type === 'field') {
        const where = locate(document, selection.at, '');
        merge(fields, {
          name: selection.name,
          key: selection.key,
          args: resolveArgs(selection.args),
          fields: expand(selection.selections, spreading),
          line: where.line,
          column: where.column,
        });
        continue;
      }
      if (selection.type === 'inline') {
        for (const field of expand(selection.selections, spreading)) merge(fields, field);
        continue;
      }
      // §5.5.2.2 a fragment spread inside itself would never end: refused, as an unknown one is.
      const fragment = parsed.fragments.get(selection.fragment);
      if (!fragment)
        throw unreadable(document, selection.at, `Fragment ${selection.fragment} was used, but not defined`);
      if (spreading.has(selection.fragment))
        throw unreadable(document, selection.at, `Fragment ${selection.fragment} contains an infinite loop`);
      for (const field of expand(fragment, new Set([...spreading, selection.fragment]))) merge(fields, field);
    }
    return fields;
  };
  try {
    return { kind: operation.kind, name: operation.name, fields: expand(operation.selections, new Set()) };
  } catch (error) {
    if (error instanceof Unreadable) return error.error;
    throw error;
  }
}
