import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOrgCode } from '@server/modules/identity/departments/departments.service.js';
import { adminCalls } from '../support/admin-calls.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let admin: string;
let agent: string;
const { signIn, call, scalar, idOf } = adminCalls(() => world);

beforeAll(async () => {
  world = await createTestWorld();
  admin = await signIn('admin');
  agent = await signIn('agent');
});
afterAll(() => world.close());

describe('roles and permissions', () => {
  const permissionId = (perms: string) => idOf('permissions', 'perms', perms);
  const catalogId = (key: string) => idOf('permissions', 'catalog_key', key);

  it('changes what the permission call gives a role’s users when the role’s grants change', async () => {
    const role = await call(agent, 'POST', 'sys/role/add', {
      roleCode: 'dict_keeper',
      roleName: 'Dictionary keeper',
    });
    expect(role.status).toBe(200);
    const grants = [
      await catalogId('system'),
      await catalogId('system_dicts'),
      await permissionId('system:dict:list'),
    ];
    expect(
      (
        await call(agent, 'POST', 'sys/permission/saveRolePermission', {
          roleId: role.body.result.id,
          permissionIds: grants,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(agent, 'GET', `sys/permission/queryRolePermission?roleId=${role.body.result.id}`)
      ).body.result.sort(),
    ).toEqual(grants.sort());
    const staff = await signIn('warestaff');
    const auth = async () =>
      (await call(staff, 'GET', 'sys/permission/getUserPermissionByToken')).body.result.auth.map(
        (a: { action: string }) => a.action,
      );
    expect(await auth()).not.toContain('system:dict:list');
    expect((await call(staff, 'GET', 'sys/dict/list')).status).toBe(403);
    const id = await idOf('users', 'username', 'warestaff');
    const base = await idOf('roles', 'role_code', 'ware_staff');
    await call(agent, 'PUT', 'sys/user/edit', {
      id,
      realname: 'Will Picker',
      roleIds: [base, role.body.result.id],
    });
    expect(await auth()).toContain('system:dict:list');
    expect((await call(staff, 'GET', 'sys/dict/list')).status).toBe(200);
    await call(agent, 'POST', 'sys/permission/saveRolePermission', {
      roleId: role.body.result.id,
      permissionIds: [],
    });
    expect(await auth()).not.toContain('system:dict:list');
    expect((await call(staff, 'GET', 'sys/dict/list')).status).toBe(403);
  });

  it('refuses grants a non-administrator does not hold, and permissions of no one', async () => {
    const roleId = await idOf('roles', 'role_code', 'ware_manager');
    const before = await scalar('select count(*) from role_permissions where role_id = $1', [roleId]);
    const refused = await call(agent, 'POST', 'sys/permission/saveRolePermission', {
      roleId,
      permissionIds: [await permissionId('system:permission:add')],
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'role.permission_not_grantable' } });
    const acmePermission = await idOf('permissions', 'perms', 'system:user:list', 'acme');
    for (const unknown of [crypto.randomUUID(), acmePermission]) {
      const missing = await call(admin, 'POST', 'sys/permission/saveRolePermission', {
        roleId,
        permissionIds: [await permissionId('system:user:list'), unknown],
      });
      expect(missing).toMatchObject({ status: 404, body: { code: 'permission.not_found' } });
    }
    expect(await scalar('select count(*) from role_permissions where role_id = $1', [roleId])).toBe(before);
  });

  it('lists, renames and deletes roles under their rules', async () => {
    await call(admin, 'POST', 'sys/role/add', { roleCode: 'night_shift', roleName: 'Night shift' });
    expect(
      (await call(admin, 'POST', 'sys/role/add', { roleCode: 'night_shift', roleName: 'Again' })).body.code,
    ).toBe('role.code_taken');
    const listed = await call(admin, 'GET', 'sys/role/list?roleName=night');
    expect(listed.body.result.total).toBe(1);
    const id = listed.body.result.records[0].id;
    expect(
      (await call(admin, 'PUT', 'sys/role/edit', { id, roleName: 'Night team' })).body.result.roleName,
    ).toBe('Night team');
    const all = await call(admin, 'GET', 'sys/role/queryall');
    expect(all.body.result.map((role: { roleCode: string }) => role.roleCode)).toEqual(
      expect.arrayContaining(['seller', 'night_shift']),
    );
    expect(all.body.result.every((role: { sellerId: string | null }) => role.sellerId === null)).toBe(true);
    const inUse = await call(
      admin,
      'DELETE',
      `sys/role/delete?id=${await idOf('roles', 'role_code', 'seller')}`,
    );
    expect(inUse).toMatchObject({ status: 422, body: { code: 'role.builtin' } });
    await call(admin, 'PUT', 'sys/user/edit', {
      id: await idOf('users', 'username', 'service'),
      realname: 'Cathy',
      roleIds: [id],
    });
    expect((await call(admin, 'DELETE', `sys/role/delete?id=${id}`)).body.code).toBe('role.in_use');
    await call(admin, 'PUT', 'sys/user/edit', {
      id: await idOf('users', 'username', 'service'),
      realname: 'Cathy',
      roleIds: [],
    });
    expect((await call(admin, 'DELETE', `sys/role/delete?id=${id}`)).body.message).toBe('Deleted');
    expect((await call(admin, 'DELETE', `sys/role/delete?id=${id}`)).status).toBe(404);
  });

  it('adds and edits menus and buttons under their rules, titled in the caller’s language', async () => {
    const users = await catalogId('system_users');
    const button = {
      parentId: users,
      name: 'Export users',
      titles: { 'en-US': 'Export users', 'zh-CN': '导出用户' },
      menuType: 2,
      perms: 'system:user:export',
    };
    const added = await call(admin, 'POST', 'sys/permission/add', button);
    expect(added.body.result).toMatchObject({
      perms: 'system:user:export',
      title: 'Export users',
      parentId: users,
    });
    expect((await call(admin, 'POST', 'sys/permission/add', button)).body.code).toBe('permission.code_taken');
    expect(
      (
        await call(admin, 'POST', 'sys/permission/add', {
          ...button,
          perms: 'x:y',
          parentId: crypto.randomUUID(),
        })
      ).body.code,
    ).toBe('permission.parent_not_found');
    expect((await call(admin, 'POST', 'sys/permission/add', { ...button, perms: undefined })).status).toBe(
      400,
    );
    expect((await call(agent, 'POST', 'sys/permission/add', { ...button, perms: 'a:b' })).status).toBe(403);
    const system = await catalogId('system');
    const loop = await call(admin, 'PUT', 'sys/permission/edit', {
      id: system,
      name: 'System',
      menuType: 0,
      parentId: users,
    });
    expect(loop).toMatchObject({ status: 422, body: { code: 'permission.parent_invalid' } });
    const renamed = await call(admin, 'PUT', 'sys/permission/edit', {
      id: added.body.result.id,
      name: 'Export',
      menuType: 2,
      perms: 'system:user:export2',
    });
    expect(renamed.body.result).toMatchObject({ perms: 'system:user:export2', parentId: users });

    const zh = await world.request({
      method: 'GET',
      url: '/api/sys/permission/getSystemSubmenu?lang=zh-CN&parentId=' + users,
      token: admin,
    });
    expect(zh.json().result.map((row: { title: string }) => row.title)).toContain('导出用户');
    const menus = await call(admin, 'GET', 'sys/permission/getSystemMenuList?lang=en-US');
    expect(menus.body.result.map((row: { title: string }) => row.title)).toEqual(
      expect.arrayContaining(['System', 'Home']),
    );
    expect(menus.body.result.every((row: { parentId: string | null }) => row.parentId === null)).toBe(true);
    const tree = await call(admin, 'GET', 'sys/permission/queryTreeList');
    expect(tree.body.result.ids).toHaveLength(
      Number(
        await scalar(
          `select count(*) from permissions p join tenants t on t.id = p.tenant_id where t.agent_code = 'demo'`,
        ),
      ),
    );
    const list = await call(admin, 'GET', 'sys/permission/list?lang=en-US');
    const systemNode = list.body.result.find((node: { id: string }) => node.id === system);
    expect(systemNode.children.map((node: { title: string }) => node.title)).toContain('Users');
  });
});

describe('departments', () => {
  it('hands out org codes the JeecgBoot way', async () => {
    const root = await call(admin, 'POST', 'sys/sysDepart/add', { departName: 'Bangkok branch' });
    expect(root.body.result).toMatchObject({ orgCode: 'A02', parentId: null });
    const child = await call(admin, 'POST', 'sys/sysDepart/add', {
      departName: 'Bangkok packing',
      parentId: root.body.result.id,
    });
    expect(child.body.result.orgCode).toBe('A02A01');
    const under = await call(admin, 'POST', 'sys/sysDepart/add', {
      departName: 'Finance',
      parentId: await idOf('departments', 'org_code', 'A01'),
    });
    expect(under.body.result.orgCode).toBe('A01A04');
    expect(
      (await call(admin, 'POST', 'sys/sysDepart/add', { departName: 'Lost', parentId: crypto.randomUUID() }))
        .body.code,
    ).toBe('depart.parent_not_found');
    expect(nextOrgCode('', ['A01', 'A98', 'B07X'])).toBe('A99');
    expect(nextOrgCode('A01', ['A01A98', 'A01A99'])).toBe('A01B01');
    expect(nextOrgCode('', ['Z99'])).toBeNull();
  });

  it('renames, shows the tree, searches, and deletes only empty leaves', async () => {
    const added = await call(admin, 'POST', 'sys/sysDepart/add', { departName: 'Returns desk' });
    const id = added.body.result.id;
    expect(
      (await call(admin, 'PUT', 'sys/sysDepart/edit', { id, departName: 'Returns counter' })).body.result
        .departName,
    ).toBe('Returns counter');
    const tree = await call(admin, 'GET', 'sys/sysDepart/queryTreeList');
    const top = tree.body.result.find((node: { orgCode: string }) => node.orgCode === 'A01');
    expect(top.children.map((node: { orgCode: string }) => node.orgCode)).toEqual(
      expect.arrayContaining(['A01A01', 'A01A02', 'A01A03']),
    );
    expect(
      (await call(admin, 'GET', 'sys/sysDepart/queryIdTree')).body.result.map(
        (node: { title: string }) => node.title,
      ),
    ).toContain('Returns counter');
    expect((await call(admin, 'GET', 'sys/sysDepart/searchBy?keyWord=counter')).body.result).toEqual([
      expect.objectContaining({ id }),
    ]);
    const a01 = await idOf('departments', 'org_code', 'A01');
    expect((await call(admin, 'DELETE', `sys/sysDepart/delete?id=${a01}`)).body.code).toBe(
      'depart.has_children',
    );
    const sellers = await idOf('departments', 'org_code', 'A01A02');
    expect((await call(admin, 'DELETE', `sys/sysDepart/delete?id=${sellers}`)).body.code).toBe(
      'depart.has_users',
    );
    expect((await call(admin, 'DELETE', `sys/sysDepart/delete?id=${id}`)).status).toBe(200);
    expect((await call(admin, 'GET', 'sys/sysDepart/searchBy?keyWord=counter')).body.result).toEqual([]);
  });
});

describe('dictionaries', () => {
  it('adds a dictionary and items that getDictItems then serves in the caller’s language', async () => {
    const dict = await call(agent, 'POST', 'sys/dict/add', { dictCode: 'box_size', dictName: 'Box size' });
    expect(dict.status).toBe(200);
    expect(
      (await call(agent, 'POST', 'sys/dict/add', { dictCode: 'box_size', dictName: 'Again' })).body.code,
    ).toBe('dict.code_taken');
    expect(
      (await call(agent, 'POST', 'sys/dict/add', { dictCode: 'Box-Size', dictName: 'Bad' })).status,
    ).toBe(400);
    const dictId = dict.body.result.id;
    const item = {
      dictId,
      itemValue: 'xl',
      itemText: 'XL',
      texts: { 'en-US': 'Extra large', 'zh-CN': '特大' },
      sortOrder: 1,
      status: 1,
    };
    const added = await call(agent, 'POST', 'sys/dictItem/add', item);
    expect((await call(agent, 'POST', 'sys/dictItem/add', item)).body.code).toBe('dict.item_value_taken');
    const items = (lang: string) =>
      world.request({ method: 'GET', url: `/api/sys/dict/getDictItems/box_size?lang=${lang}`, token: agent });
    expect((await items('en-US')).json().result).toEqual([
      { value: 'xl', text: 'Extra large', title: 'Extra large', label: 'Extra large' },
    ]);
    expect((await items('zh-CN')).json().result[0].text).toBe('特大');
    expect((await items('th-TH')).json().result[0].text).toBe('XL');
    await call(agent, 'PUT', 'sys/dictItem/edit', { id: added.body.result.id, itemText: 'XL', status: 0 });
    expect((await items('en-US')).json().result).toEqual([]);
    expect((await call(agent, 'GET', `sys/dictItem/list?dictId=${dictId}`)).body.result).toMatchObject({
      total: 1,
      records: [{ itemValue: 'xl', status: 0 }],
    });
    expect(
      (await call(agent, 'PUT', 'sys/dict/edit', { id: dictId, dictName: 'Carton size' })).body.result
        .dictName,
    ).toBe('Carton size');
    expect((await call(agent, 'GET', 'sys/dict/list?dictCode=box')).body.result.records).toEqual([
      expect.objectContaining({ dictName: 'Carton size' }),
    ]);
  });
});

describe('logs', () => {
  it('counts today’s logins and the last seven days', async () => {
    const mine = await signIn('admin');
    const info = await call(mine, 'GET', 'sys/loginfo');
    const today = `select count(*) from sys_logs l join users u on u.id = l.user_id and u.tenant_id = l.tenant_id
      join tenants t on t.id = l.tenant_id where t.agent_code = 'demo' and l.log_type = 1 and l.created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;
    expect(info.body.result.todayVisitCount).toBe(Number(await scalar(today)));
    expect(info.body.result.todayUserVisitCount).toBe(
      Number(await scalar(`${today} and u.username = 'admin'`)),
    );
    expect(info.body.result.todayUserVisitCount).toBeGreaterThanOrEqual(2);
    const days = await call(mine, 'GET', 'sys/visitInfo');
    expect(days.body.result).toHaveLength(7);
    expect(days.body.result[6]).toMatchObject({
      tian: new Date().toISOString().slice(0, 10),
      visit: info.body.result.todayVisitCount,
    });
    expect((await call(await signIn('seller'), 'GET', 'sys/loginfo')).status).toBe(403);
  });
});
