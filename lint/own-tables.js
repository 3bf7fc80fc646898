/**
 * ESLint rule `local/own-tables`: a server module writes only its own tables (docs/architecture.md,
 * "One writer per table"). Another module's rows change through that module's face, by a
 * function it exports; reading another module's table (select, join) is allowed.
 *
 * Refused, in a file under src/server/modules/<module>/:
 * - `.insert(t)`, `.update(t)`, `.delete(t)` where `t` is an imported table another module
 *   declares (drizzle's builders);
 * - in a `sql` template, `insert into`, `update` or `delete from` followed by such a table
 *   interpolated (`update ${orders} set …`) or by another module's table written by name
 *   (`update orders set …`).
 *
 * Which module declares which table is read from the modules' `*.tables.ts` files
 * (`export const name = pgTable('sql_name', …)`), once per lint run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const MODULES = join('src', 'server', 'modules');
const WRITES = new Set(['insert', 'update', 'delete']);
const WRITE_BEFORE = /(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?$/i;
const WRITE_BY_NAME = /(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;
const TABLE = /export\s+const\s+(\w+)\s*=\s*pgTable\(\s*['"](\w+)['"]/g;

/** Table declarations under `root`: identifier → module, and SQL name → module. */
export function tableOwners(root) {
  const byIdentifier = new Map();
  const byName = new Map();
  const walk = (folder, module) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path, module);
      else if (entry.name.endsWith('.tables.ts')) {
        for (const [, identifier, name] of readFileSync(path, 'utf8').matchAll(TABLE)) {
          byIdentifier.set(identifier, module);
          byName.set(name, module);
        }
      }
    }
  };
  const modules = join(root, MODULES);
  for (const entry of readdirSync(modules, { withFileTypes: true }))
    if (entry.isDirectory()) walk(join(modules, entry.name), entry.name);
  return { byIdentifier, byName };
}

/** The module a file belongs to, or null outside src/server/modules. */
export function moduleOf(root, filename) {
  const parts = relative(root, filename).split(sep);
  return parts.slice(0, 3).join('/') === 'src/server/modules' && parts.length > 4 ? parts[3] : null;
}

let cached = null;

/** @type {import('eslint').Rule.RuleModule} */
export const ownTables = {
  meta: {
    type: 'problem',
    docs: { description: "A server module writes only its own tables; another module's through its face." },
    schema: [],
    messages: {
      foreign:
        "'{{table}}' is the {{owner}} module's table: {{module}} may read it, but changes its rows through the {{owner}} module's face.",
    },
  },
  create(context) {
    const root = context.cwd;
    const module = moduleOf(root, context.filename);
    if (!module) return {};
    cached ??= tableOwners(root);
    const owners = cached;
    /** The owner of an imported table named by `node`, when it is another module. */
    const foreignImport = (node) => {
      if (node?.type !== 'Identifier') return null;
      const owner = owners.byIdentifier.get(node.name);
      if (!owner || owner === module) return null;
      const variable = context.sourceCode
        .getScope(node)
        .references.find((reference) => reference.identifier === node)?.resolved;
      const imported = variable?.defs.some((definition) => definition.type === 'ImportBinding');
      return imported ? owner : null;
    };
    const report = (node, table, owner) =>
      context.report({ node, messageId: 'foreign', data: { table, owner, module } });
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!WRITES.has(callee.property.name) || node.arguments.length !== 1) return;
        const [table] = node.arguments;
        const owner = foreignImport(table);
        if (owner) report(table, table.name, owner);
      },
      TaggedTemplateExpression(node) {
        const tag = node.tag;
        const tagName =
          tag.type === 'Identifier' ? tag.name : tag.type === 'MemberExpression' ? tag.object.name : '';
        if (tagName !== 'sql') return;
        const { quasis, expressions } = node.quasi;
        quasis.forEach((quasi, index) => {
          const text = quasi.value.cooked ?? quasi.value.raw;
          for (const [, name] of text.matchAll(WRITE_BY_NAME)) {
            const owner = owners.byName.get(name.toLowerCase());
            if (owner && owner !== module) report(quasi, name, owner);
          }
          const next = expressions[index];
          if (next && WRITE_BEFORE.test(text)) {
            const owner = foreignImport(next);
            if (owner) report(next, next.name, owner);
          }
        });
      },
    };
  },
};

export const localPlugin = { rules: { 'own-tables': ownTables } };
