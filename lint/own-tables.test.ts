/**
 * The one-writer rule on fixtures: each way of writing another module's table is refused once,
 * and reading it, writing one's own, or a local value that shares a table's name is let through.
 */
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleOf, ownTables, tableOwners } from './own-tables.js';

// RuleTester runs its cases through the test framework it is given.
Object.assign(RuleTester, { afterAll, describe, it });

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const root = process.cwd();
const inLogistics = `${root}/src/server/modules/logistics/waybills.service.ts`;
const inOrders = `${root}/src/server/modules/orders/order-fields.ts`;
const imports = `import { sql } from 'drizzle-orm';\nimport { orders, orderLines } from '../orders/index.js';\nimport { waybills } from './logistics.tables.js';\n`;

describe('the tables each module declares', () => {
  it('reads owners from the modules’ tables files, by identifier and by SQL name', () => {
    const owners = tableOwners(root);
    expect(owners.byIdentifier.get('orders')).toBe('orders');
    expect(owners.byIdentifier.get('waybills')).toBe('logistics');
    expect(owners.byName.get('order_lines')).toBe('orders');
    expect(owners.byName.get('sys_logs')).toBe('system');
  });

  it('places a file in its module, and nothing outside the modules', () => {
    expect(moduleOf(root, inLogistics)).toBe('logistics');
    expect(moduleOf(root, `${root}/src/server/modules/logistics/picking/pick.service.ts`)).toBe('logistics');
    expect(moduleOf(root, `${root}/src/server/seed/demo.ts`)).toBeNull();
  });
});

tester.run('own-tables', ownTables, {
  valid: [
    {
      filename: inLogistics,
      code: `${imports}await tx.select().from(orders).where(sql\`\${orders.id} = 1\`);`,
    },
    { filename: inLogistics, code: `${imports}await tx.update(waybills).set({ printCount: 1 });` },
    {
      filename: inLogistics,
      code: `${imports}await tx.execute(sql\`select 1 from \${orders} for update\`);`,
    },
    {
      filename: inOrders,
      code: `import { orders } from './orders.tables.js';\nawait tx.update(orders).set({ isPrinted: true });`,
    },
    { filename: inLogistics, code: `const orders = new Set();\norders.delete(orders);` },
    { filename: `${root}/src/server/seed/demo.ts`, code: `${imports}await tx.insert(orders).values({});` },
  ],
  invalid: [
    {
      filename: inLogistics,
      code: `${imports}await tx.update(orders).set({ trackingNo: 'X' });`,
      errors: [{ messageId: 'foreign', data: { table: 'orders', owner: 'orders', module: 'logistics' } }],
    },
    { filename: inLogistics, code: `${imports}await tx.insert(orderLines).values({});`, errors: 1 },
    { filename: inLogistics, code: `${imports}await tx.delete(orders);`, errors: 1 },
    {
      filename: inLogistics,
      code: `${imports}await tx.execute(sql\`update \${orders} set tracking_no = ''\`);`,
      errors: 1,
    },
    {
      filename: inLogistics,
      code: `${imports}await tx.execute(sql\`delete from order_lines where true\`);`,
      errors: 1,
    },
    {
      filename: inLogistics,
      code: `${imports}await tx.execute(sql\`insert into "sys_logs" (content) values ('x')\`);`,
      errors: 1,
    },
  ],
});
