import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCalls, usernames } from '../support/admin-calls.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let seller: string;
let seller2: string;
const { signIn, call, scalar, idOf } = adminCalls(() => world);

beforeAll(async () => {
  world = await createTestWorld();
  seller = await signIn('seller');
  seller2 = await signIn('seller2');
});
afterAll(() => world.close());

const actionsOf = async (token: string): Promise<string[]> =>
  (await call(token, 'GET', 'sys/permission/getUserPermissionByToken')).body.result.auth.map(
    (item: { action: string }) => item.action,
  );

async function addRole(token: string, roleCode: string): Promise<string> {
  const response = await call(token, 'POST', 'sys/seller/role/add', {
    roleCode,
    roleName: `Role ${roleCode}`,
  });
  expect(response.status).toBe(200);
  return response.body.result.id;
}

async function addStaff(token: string, username: string, roleIds: string[] = []) {
  return call(token, 'POST', 'agent/user/store/add', {
    username,
    realname: `Staff ${username}`,
    password: 'Staff1234',
    roleIds,
  });
}

describe('seller roles', () => {
  it('lets a seller grant its staff what the seller holds, and the staff then have it', async () => {
    const tree = await call(seller, 'GET', 'sys/seller/role/queryTreeList?lang=en-US');
    const listStaff = await idOf('permissions', 'perms', 'seller:staff:list');
    const staffMenu = await idOf('permissions', 'catalog_key', 'seller_staff_users');
    expect(tree.body.result.ids).toEqual(expect.arrayContaining([listStaff, staffMenu]));
    expect(tree.body.result.ids).not.toContain(await idOf('permissions', 'perms', 'system:user:list'));
    const staffNode = tree.body.result.treeList.find((node: { title: string }) => node.title === 'Staff');
    expect(staffNode.children.map((node: { title: string }) => node.title)).toContain('Staff accounts');

    const roleId = await addRole(seller, 'staff_keeper');
    const grant = [listStaff, staffMenu, await idOf('permissions', 'catalog_key', 'seller_staff')];
    expect(
      (
        await call(seller, 'POST', 'sys/seller/permission/saveRolePermission', {
          roleId,
          permissionIds: grant,
        })
      ).status,
    ).toBe(200);
    const saved = await call(seller, 'GET', `sys/seller/permission/queryRolePermission?roleId=${roleId}`);
    expect(saved.body.result.sort()).toEqual(grant.sort());

    const staffToken = await signIn('sellerstaff');
    expect(await actionsOf(staffToken)).not.toContain('seller:staff:list');
    expect((await call(staffToken, 'GET', 'agent/user/store/list')).status).toBe(403);
    const added = await addStaff(seller, 'keeper1', [roleId]);
    expect(added.body.result).toMatchObject({
      userRole: 'seller_staff',
      sellerId: await idOf('users', 'username', 'seller'),
      orgCode: 'A01A02',
    });
    const keeper = await signIn('keeper1', 'Staff1234');
    expect(await actionsOf(keeper)).toContain('seller:staff:list');
    const staff = await call(keeper, 'GET', 'agent/user/store/list?pageSize=50');
    expect(usernames(staff.body.result.records)).toEqual(['keeper1', 'sellerstaff']);
    expect(
      (await call(seller, 'GET', `sys/seller/useRole/querySellUserRole?userId=${added.body.result.id}`)).body
        .result,
    ).toEqual([roleId]);
  });

  it('refuses a seller role a permission the seller lacks, and keeps the role as it was', async () => {
    const roleId = await addRole(seller, 'overreach');
    const systemUsers = await idOf('permissions', 'perms', 'system:user:list');
    const refused = await call(seller, 'POST', 'sys/seller/permission/saveRolePermission', {
      roleId,
      permissionIds: [systemUsers],
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'role.permission_not_grantable' } });
    const unknown = await call(seller, 'POST', 'sys/seller/permission/saveRolePermission', {
      roleId,
      permissionIds: [crypto.randomUUID()],
    });
    expect(unknown.body.code).toBe('role.permission_not_grantable');
    expect(await scalar('select count(*) from role_permissions where role_id = $1', [roleId])).toBe('0');
  });

  it('lets staff who manage roles grant only what both they and the seller hold', async () => {
    const codes = ['seller:role:list', 'seller:role:add', 'seller:role:permission'];
    const managed = [...(await Promise.all(codes.map((code) => idOf('permissions', 'perms', code))))];
    const roleId = await addRole(seller, 'role_admins');
    await call(seller, 'POST', 'sys/seller/permission/saveRolePermission', {
      roleId,
      permissionIds: managed,
    });
    const delegateId = (await addStaff(seller, 'delegate1', [roleId])).body.result.id;
    const admin = await signIn('admin');
    const agentRole = await idOf('roles', 'role_code', 'agent_manager');
    const sellerStaffRole = await idOf('roles', 'role_code', 'seller_staff');
    const roles = { id: delegateId, realname: 'Dee', roleIds: [sellerStaffRole, roleId, agentRole] };
    expect((await call(admin, 'PUT', 'sys/user/edit', roles)).status).toBe(200);
    const delegate = await signIn('delegate1', 'Staff1234');

    const tree = await call(delegate, 'GET', 'sys/seller/role/queryTreeList');
    expect(tree.body.result.ids).toEqual(expect.arrayContaining(managed));
    const staffAdd = await idOf('permissions', 'perms', 'seller:staff:add');
    const dictList = await idOf('permissions', 'perms', 'system:dict:list');
    expect(tree.body.result.ids).not.toContain(staffAdd);
    expect(tree.body.result.ids).not.toContain(dictList);
    const target = await addRole(delegate, 'delegated');
    for (const permissionId of [staffAdd, dictList]) {
      const refused = await call(delegate, 'POST', 'sys/seller/permission/saveRolePermission', {
        roleId: target,
        permissionIds: [permissionId],
      });
      expect(refused.body.code).toBe('role.permission_not_grantable');
    }
    const granted = await call(delegate, 'POST', 'sys/seller/permission/saveRolePermission', {
      roleId: target,
      permissionIds: managed,
    });
    expect(granted.status).toBe(200);
  });

  it('checks role codes per seller and edits a role', async () => {
    const roleId = await addRole(seller, 'packers');
    expect((await call(seller, 'GET', 'sys/seller/role/checkRoleCode?roleCode=packers')).body.code).toBe(
      'role.code_taken',
    );
    expect(
      (await call(seller, 'GET', `sys/seller/role/checkRoleCode?roleCode=packers&id=${roleId}`)).status,
    ).toBe(200);
    expect((await call(seller, 'GET', 'sys/seller/role/checkRoleCode?roleCode=pickers')).status).toBe(200);
    expect(
      (await call(seller, 'POST', 'sys/seller/role/add', { roleCode: 'packers', roleName: 'Again' })).body
        .code,
    ).toBe('role.code_taken');
    expect((await call(seller2, 'GET', 'sys/seller/role/checkRoleCode?roleCode=packers')).status).toBe(200);
    const edited = await call(seller, 'PUT', 'sys/seller/role/edit', {
      id: roleId,
      roleName: 'Packing team',
    });
    expect(edited.body.result).toMatchObject({ roleCode: 'packers', roleName: 'Packing team' });
    expect(
      (await call(seller, 'POST', 'sys/seller/role/add', { roleCode: 'bad code', roleName: 'Bad' })).status,
    ).toBe(400);
  });
});

describe('a seller and another seller', () => {
  it('never shows or lets one touch the other’s roles or staff', async () => {
    const foreignRole = await addRole(seller2, 'sara_team');
    const foreignStaff = (await addStaff(seller2, 'sara_helper', [foreignRole])).body.result.id;
    const usersBefore = await scalar('select count(*) from users');

    const roles = await call(seller, 'GET', 'sys/seller/role/queryall');
    expect(roles.body.result.map((role: { id: string }) => role.id)).not.toContain(foreignRole);
    expect(roles.body.result.length).toBeGreaterThan(0);
    const staff = await call(seller, 'GET', 'agent/user/store/list?username=sara');
    expect(staff.body.result.total).toBe(0);
    const attempts = [
      call(seller, 'GET', `sys/seller/permission/queryRolePermission?roleId=${foreignRole}`),
      call(seller, 'POST', 'sys/seller/permission/saveRolePermission', {
        roleId: foreignRole,
        permissionIds: [],
      }),
      call(seller, 'PUT', 'sys/seller/role/edit', { id: foreignRole, roleName: 'Mine now' }),
      call(seller, 'GET', `sys/seller/useRole/querySellUserRole?userId=${foreignStaff}`),
      call(seller, 'PUT', 'agent/user/store/edit', { id: foreignStaff, realname: 'Mine now', status: 2 }),
      call(seller, 'PUT', 'agent/user/updatePassword', {
        username: 'sara_helper',
        password: 'Stolen123',
        confirmpassword: 'Stolen123',
      }),
      addStaff(seller, 'borrower', [foreignRole]),
    ];
    for (const attempt of await Promise.all(attempts)) expect(attempt.status).toBe(404);
    expect(await scalar('select count(*) from users')).toBe(usersBefore);
    expect(await scalar('select role_name from roles where id = $1', [foreignRole])).toBe('Role sara_team');
    await signIn('sara_helper', 'Staff1234');
  });

  it('keeps an administrator from giving a seller’s role to another seller’s staff', async () => {
    const admin = await signIn('admin');
    const foreignRole = await addRole(seller2, 'sara_only');
    const sellerStaff = await idOf('users', 'username', 'sellerstaff');
    const refused = await call(admin, 'PUT', 'sys/user/edit', {
      id: sellerStaff,
      realname: 'Steve',
      roleIds: [foreignRole],
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'user.role_not_allowed' } });
    expect((await call(admin, 'GET', 'sys/seller/role/queryall')).status).toBe(403);
    expect(
      (await call(admin, 'GET', 'sys/role/queryall')).body.result.map((role: { id: string }) => role.id),
    ).not.toContain(foreignRole);
  });
});

describe('seller staff accounts', () => {
  it('answers the current user without secrets', async () => {
    const info = await call(seller, 'GET', 'agent/user/getUserInfo');
    expect(info.body.result).toMatchObject({ username: 'seller', userRole: 'seller' });
    expect(info.body.result).not.toHaveProperty('passwordHash');
  });

  it('refuses bad input with 400 and taken usernames with 409, adding nobody', async () => {
    const before = await scalar('select count(*) from users');
    expect(
      (
        await call(seller, 'POST', 'agent/user/store/add', {
          username: 'weak1',
          realname: 'Weak',
          password: 'weakweak',
        })
      ).body.code,
    ).toBe('password.rule');
    expect(
      (
        await call(seller, 'POST', 'agent/user/store/add', {
          username: 'bad name',
          realname: 'Bad',
          password: 'Good12345',
        })
      ).status,
    ).toBe(400);
    const extra = await call(seller, 'POST', 'agent/user/store/add', {
      username: 'extra1',
      realname: 'X',
      password: 'Good12345',
      sellerId: crypto.randomUUID(),
    });
    expect(extra.status).toBe(400);
    expect((await addStaff(seller, 'Seller2')).body.code).toBe('user.username_taken');
    expect(await scalar('select count(*) from users')).toBe(before);
  });

  it('lets staff who manage staff hand out and take over no more than they hold', async () => {
    const perms = (codes: string[]) => Promise.all(codes.map((code) => idOf('permissions', 'perms', code)));
    const hrGrants = await perms(['seller:staff:list', 'seller:staff:add', 'seller:staff:edit']);
    const hr = await addRole(seller, 'hr');
    const boss = await addRole(seller, 'boss');
    await call(seller, 'POST', 'sys/seller/permission/saveRolePermission', {
      roleId: hr,
      permissionIds: hrGrants,
    });
    const bossGrants = [...hrGrants, ...(await perms(['seller:role:add']))];
    await call(seller, 'POST', 'sys/seller/permission/saveRolePermission', {
      roleId: boss,
      permissionIds: bossGrants,
    });
    await addStaff(seller, 'hr1', [hr]);
    await addStaff(seller, 'boss1', [boss]);
    const hrToken = await signIn('hr1', 'Staff1234');

    expect((await addStaff(hrToken, 'climber1', [boss])).body.code).toBe('user.role_not_allowed');
    expect((await addStaff(hrToken, 'peer1', [hr])).status).toBe(200);
    const password = { password: 'Taken1234', confirmpassword: 'Taken1234' };
    const takeover = await call(hrToken, 'PUT', 'agent/user/updatePassword', {
      username: 'boss1',
      ...password,
    });
    expect(takeover).toMatchObject({ status: 403, body: { code: 'user.role_not_allowed' } });
    expect(
      (await call(hrToken, 'PUT', 'agent/user/updatePassword', { username: 'peer1', ...password })).status,
    ).toBe(200);
    await signIn('boss1', 'Staff1234');
  });

  it('sets a staff member’s password, ending their sessions', async () => {
    await addStaff(seller, 'rotating1');
    const token = await signIn('rotating1', 'Staff1234');
    const mismatch = await call(seller, 'PUT', 'agent/user/updatePassword', {
      username: 'rotating1',
      password: 'Rotate123',
      confirmpassword: 'Rotate999',
    });
    expect(mismatch.body.code).toBe('password.mismatch');
    expect(
      (
        await call(seller, 'PUT', 'agent/user/updatePassword', {
          username: 'rotating1',
          password: 'Rotate123',
          confirmpassword: 'Rotate123',
        })
      ).status,
    ).toBe(200);
    expect((await call(token, 'GET', 'user/info')).status).toBe(401);
    await signIn('rotating1', 'Rotate123');
  });

  it('edits staff: details, seller roles (the base role stays) and freezing', async () => {
    const roleId = await addRole(seller, 'counters');
    const staff = (await addStaff(seller, 'counter1')).body.result.id;
    const token = await signIn('counter1', 'Staff1234');
    const edited = await call(seller, 'PUT', 'agent/user/store/edit', {
      id: staff,
      realname: 'Connie Counter',
      phone: '13877776666',
      roleIds: [roleId],
    });
    expect(edited.body.result).toMatchObject({ realname: 'Connie Counter', phone: '13877776666' });
    const held = await scalar(
      "select string_agg(r.role_code, ',' order by r.role_code) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = $1",
      [staff],
    );
    expect(held).toBe('counters,seller_staff');
    expect(
      (
        await call(seller, 'PUT', 'agent/user/store/edit', {
          id: staff,
          realname: 'Connie',
          phone: '13800000003',
        })
      ).body.code,
    ).toBe('user.phone_taken');
    expect(
      (await call(seller, 'PUT', 'agent/user/store/edit', { id: staff, realname: 'Connie', status: 2 }))
        .status,
    ).toBe(200);
    expect((await call(token, 'GET', 'user/info')).status).toBe(401);
    await expect(signIn('counter1', 'Staff1234')).rejects.toThrow(/auth.account_frozen/);
    await call(seller, 'PUT', 'agent/user/store/edit', { id: staff, realname: 'Connie', status: 1 });
    expect((await call(token, 'GET', 'user/info')).status).toBe(401);
    await signIn('counter1', 'Staff1234');
  });
});
