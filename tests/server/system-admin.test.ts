import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCalls, usernames } from '../support/admin-calls.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let admin: string;
let agent: string;
const { signIn, call, scalar, idOf } = adminCalls(() => world);
const countOf = (table: string) => scalar(`select count(*) from ${table}`);

beforeAll(async () => {
  world = await createTestWorld();
  admin = await signIn('admin');
  agent = await signIn('agent');
});
afterAll(() => world.close());

describe('users', () => {
  it('lets an agent create a user who can sign in, and lists users by filters and pages', async () => {
    const warehouse = await idOf('departments', 'org_code', 'A01A03');
    const added = await call(agent, 'POST', 'sys/user/add', {
      username: 'packer1',
      realname: 'Pat Packer',
      password: 'Packer123',
      phone: '13811112222',
      email: 'packer1@demo.example.com',
      userRole: 'ware_staff',
      departIds: [warehouse],
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Added');
    expect(added.body.result).toMatchObject({
      username: 'packer1',
      userRole: 'ware_staff',
      orgCode: 'A01A03',
      status: 1,
    });
    expect(added.body.result).not.toHaveProperty('passwordHash');
    await signIn('packer1', 'Packer123');
    const roles = await call(agent, 'GET', `sys/user/queryUserRole?userid=${added.body.result.id}`);
    expect(roles.body.result).toEqual([await idOf('roles', 'role_code', 'ware_staff')]);

    const found = await call(agent, 'GET', 'sys/user/list?username=PACK');
    expect(found.body.result).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    for (const secret of ['passwordHash', 'failedLoginCount', 'lockedUntil']) {
      expect(found.body.result.records[0]).not.toHaveProperty(secret);
    }
    const sellers = await call(agent, 'GET', 'sys/user/list?userRole=seller&pageSize=50');
    expect(usernames(sellers.body.result.records)).toEqual(['seller', 'seller2']);
    const byPhone = await call(agent, 'GET', 'sys/user/list?phone=13800000002&realname=sam');
    expect(usernames(byPhone.body.result.records)).toEqual(['seller']);

    const total = Number(
      await scalar(
        "select count(*) from users u join tenants t on t.id = u.tenant_id where t.agent_code = 'demo'",
      ),
    );
    const second = await call(agent, 'GET', 'sys/user/list?pageNo=2&pageSize=3');
    expect(second.body.result).toMatchObject({ total, current: 2, size: 3, pages: Math.ceil(total / 3) });
    expect(second.body.result.records).toHaveLength(3);
    const first = await call(agent, 'GET', 'sys/user/list?pageNo=1&pageSize=3');
    const ids = new Set(
      [...first.body.result.records, ...second.body.result.records].map((user: { id: string }) => user.id),
    );
    expect(ids.size).toBe(6);
    expect((await call(agent, 'GET', 'sys/user/list?status=2')).body.result.total).toBe(0);
  });

  it('refuses taken usernames, phones and emails, whatever their case, and adds nobody', async () => {
    const before = await countOf('users');
    const base = { realname: 'Dup', password: 'Dupe12345', userRole: 'ware_staff' };
    const username = await call(agent, 'POST', 'sys/user/add', { ...base, username: 'SELLER' });
    expect(username).toMatchObject({
      status: 409,
      body: { code: 'user.username_taken', message: 'This username already exists' },
    });
    const phone = await call(agent, 'POST', 'sys/user/add', {
      ...base,
      username: 'dup1',
      phone: '13800000002',
    });
    expect(phone.body.code).toBe('user.phone_taken');
    const email = await call(agent, 'POST', 'sys/user/add', {
      ...base,
      username: 'dup2',
      email: 'Seller@demo.example.com',
    });
    expect(email.body.code).toBe('user.email_taken');
    expect(await countOf('users')).toBe(before);
    expect((await call(agent, 'GET', 'sys/user/checkOnlyUser?username=Seller2')).body.code).toBe(
      'user.username_taken',
    );
    expect((await call(agent, 'GET', 'sys/user/checkOnlyUser?username=nobody-yet')).status).toBe(200);
  });

  it('answers bad input with 400 and the failing field, and adds nobody', async () => {
    const before = await countOf('users');
    const base = { username: 'newbie', realname: 'New', password: 'Newbie123', userRole: 'ware_staff' };
    const weak = await call(agent, 'POST', 'sys/user/add', { ...base, password: 'onlyletters' });
    expect(weak).toMatchObject({ status: 400, body: { code: 'password.rule' } });
    const extra = await call(agent, 'POST', 'sys/user/add', { ...base, isAdmin: true });
    expect(extra.status).toBe(400);
    expect(extra.body.fields[0].rule).toBe('unrecognized_keys');
    expect((await call(agent, 'POST', 'sys/user/add', { ...base, username: 'x'.repeat(33) })).status).toBe(
      400,
    );
    const staff = await call(agent, 'POST', 'sys/user/add', { ...base, userRole: 'seller_staff' });
    expect(staff.status).toBe(400);
    expect(staff.body.fields).toEqual([
      expect.objectContaining({ path: 'sellerId', rule: 'seller_required' }),
    ]);
    const many = Array.from({ length: 101 }, () => crypto.randomUUID());
    expect((await call(agent, 'PUT', 'sys/user/frozenBatch', { ids: many, status: 2 })).status).toBe(400);
    expect((await call(agent, 'GET', 'sys/user/list?pageSize=1000')).status).toBe(400);
    expect(await countOf('users')).toBe(before);
  });

  it('makes seller staff only for a seller', async () => {
    const base = { username: 'helper1', realname: 'Helper', password: 'Helper123', userRole: 'seller_staff' };
    const notSeller = await call(agent, 'POST', 'sys/user/add', {
      ...base,
      sellerId: await idOf('users', 'username', 'agent'),
    });
    expect(notSeller).toMatchObject({ status: 404, body: { code: 'user.seller_not_found' } });
    const sellerId = await idOf('users', 'username', 'seller');
    const made = await call(agent, 'POST', 'sys/user/add', { ...base, sellerId });
    expect(made.body.result).toMatchObject({ userRole: 'seller_staff', sellerId });
  });

  it('edits a user: details, user role (its base role follows) and departments', async () => {
    const id = await idOf('users', 'username', 'warestaff');
    const ops = await idOf('departments', 'org_code', 'A01A01');
    const edited = await call(agent, 'PUT', 'sys/user/edit', {
      id,
      realname: 'Will Lead',
      userRole: 'ware_manager',
      departIds: [ops],
    });
    expect(edited.body.result).toMatchObject({
      realname: 'Will Lead',
      userRole: 'ware_manager',
      orgCode: 'A01A01',
    });
    const roles = await call(agent, 'GET', `sys/user/queryUserRole?userid=${id}`);
    expect(roles.body.result).toEqual([await idOf('roles', 'role_code', 'ware_manager')]);
    const phone = await call(agent, 'PUT', 'sys/user/edit', { id, realname: 'Will', phone: '13800000001' });
    expect(phone.body.code).toBe('user.phone_taken');
  });

  it('freezes users: old tokens answer 401 and they cannot sign in until unfrozen', async () => {
    const token = await signIn('service');
    const id = await idOf('users', 'username', 'service');
    const frozen = await call(agent, 'PUT', 'sys/user/frozenBatch', { ids: [id], status: 2 });
    expect(frozen.body).toMatchObject({ success: true, message: 'Accounts frozen' });
    expect((await call(token, 'GET', 'user/info')).status).toBe(401);
    await expect(signIn('service')).rejects.toThrow(/auth.account_frozen/);
    const unfrozen = await call(agent, 'PUT', 'sys/user/frozenBatch', { ids: [id], status: 1 });
    expect(unfrozen.body.message).toBe('Accounts unfrozen');
    expect((await call(token, 'GET', 'user/info')).status).toBe(401);
    await signIn('service');
    const self = await call(agent, 'PUT', 'sys/user/frozenBatch', {
      ids: [await idOf('users', 'username', 'agent')],
      status: 2,
    });
    expect(self).toMatchObject({ status: 422, body: { code: 'user.cannot_freeze_self' } });
  });

  it('sets another user’s password: their sessions end and the lockout clears', async () => {
    const token = await signIn('waremanager');
    const fromHome = (password: string) =>
      world.app.inject({
        method: 'POST',
        url: '/api/sys/login',
        remoteAddress: '198.51.100.60',
        payload: { username: 'waremanager', password },
      });
    for (let n = 0; n < 5; n += 1) await fromHome('Forgot1234');
    expect((await fromHome('Demo12345')).json().code).toBe('auth.account_locked');
    const mismatch = await call(agent, 'PUT', 'sys/user/changPassword', {
      username: 'waremanager',
      password: 'Fresh1234',
      confirmpassword: 'Fresh9999',
    });
    expect(mismatch).toMatchObject({ status: 400, body: { code: 'password.mismatch' } });
    const changed = await call(agent, 'PUT', 'sys/user/changPassword', {
      username: 'waremanager',
      password: 'Fresh1234',
      confirmpassword: 'Fresh1234',
    });
    expect(changed.status).toBe(200);
    expect((await call(token, 'GET', 'user/info')).status).toBe(401);
    await signIn('waremanager', 'Fresh1234');
    await expect(signIn('waremanager')).rejects.toThrow(/bad_credentials/);
    expect((await fromHome('Fresh1234')).json().success).toBe(true);
  });

  it('keeps administrator accounts out of a non-administrator’s reach', async () => {
    const reset = await call(agent, 'PUT', 'sys/user/changPassword', {
      username: 'admin',
      password: 'Taken1234',
      confirmpassword: 'Taken1234',
    });
    expect(reset).toMatchObject({ status: 403, body: { code: 'user.role_not_allowed' } });
    const make = await call(agent, 'POST', 'sys/user/add', {
      username: 'boss',
      realname: 'Boss',
      password: 'Boss12345',
      userRole: 'admin',
    });
    expect(make.body.code).toBe('user.role_not_allowed');
    const adminRole = await idOf('roles', 'role_code', 'admin');
    const grant = await call(agent, 'PUT', 'sys/user/edit', {
      id: await idOf('users', 'username', 'seller2'),
      realname: 'Sara',
      roleIds: [adminRole],
    });
    expect(grant.body.code).toBe('user.role_not_allowed');
    expect(
      (
        await call(admin, 'PUT', 'sys/user/changPassword', {
          username: 'seller2',
          password: 'Sara12345',
          confirmpassword: 'Sara12345',
        })
      ).status,
    ).toBe(200);
  });

  it('lists the members of a department, and refuses a seller the user list', async () => {
    const sellers = await idOf('departments', 'org_code', 'A01A02');
    const members = await call(admin, 'GET', `sys/user/queryUserByDepId?id=${sellers}`);
    expect(usernames(members.body.result.records)).toEqual(
      expect.arrayContaining(['seller', 'seller2', 'sellerstaff']),
    );
    const seller = await signIn('seller');
    expect(await call(seller, 'GET', 'sys/user/list')).toMatchObject({
      status: 403,
      body: { code: 'common.forbidden' },
    });
  });
});

describe('tenants', () => {
  it('answers 404 to ids of another tenant and changes nothing there', async () => {
    const acme = await signIn('acme-agent', 'Demo12345', 'acme');
    const acmeSeller = await idOf('users', 'username', 'acme-seller', 'acme');
    const acmeRole = await idOf('roles', 'role_code', 'seller', 'acme');
    const acmeDepart = await idOf('departments', 'org_code', 'A01A02', 'acme');
    const acmeDict = await idOf('dicts', 'dict_code', 'currency', 'acme');
    const snapshot = () =>
      scalar(
        "select md5(string_agg(u.realname || u.status, ',' order by u.id)) from users u join tenants t on t.id = u.tenant_id where t.agent_code = 'acme'",
      );
    const before = await snapshot();
    const attempts = [
      call(agent, 'PUT', 'sys/user/edit', { id: acmeSeller, realname: 'Taken over' }),
      call(agent, 'PUT', 'sys/user/frozenBatch', { ids: [acmeSeller], status: 2 }),
      call(agent, 'GET', `sys/user/queryUserRole?userid=${acmeSeller}`),
      call(agent, 'DELETE', `sys/role/delete?id=${acmeRole}`),
      call(agent, 'POST', 'sys/permission/saveRolePermission', { roleId: acmeRole, permissionIds: [] }),
      call(agent, 'DELETE', `sys/sysDepart/delete?id=${acmeDepart}`),
      call(agent, 'POST', 'sys/sysDepart/add', { departName: 'Intruder', parentId: acmeDepart }),
      call(agent, 'POST', 'sys/user/add', {
        username: 'spy1',
        realname: 'Spy',
        password: 'Spy123456',
        userRole: 'ware_staff',
        departIds: [acmeDepart],
      }),
      call(agent, 'POST', 'sys/user/add', {
        username: 'spy2',
        realname: 'Spy',
        password: 'Spy123456',
        userRole: 'ware_staff',
        roleIds: [acmeRole],
      }),
      call(agent, 'POST', 'sys/user/add', {
        username: 'spy3',
        realname: 'Spy',
        password: 'Spy123456',
        userRole: 'seller_staff',
        sellerId: acmeSeller,
      }),
      call(agent, 'POST', 'sys/dictItem/add', { dictId: acmeDict, itemValue: 'EUR', itemText: 'Euro' }),
      call(agent, 'GET', `sys/user/queryUserByDepId?id=${acmeDepart}`),
    ];
    for (const attempt of await Promise.all(attempts)) expect(attempt.status).toBe(404);
    expect(await snapshot()).toBe(before);
    expect(await scalar("select count(*) from users where username like 'spy%'")).toBe('0');
    const acmeList = await call(acme, 'GET', 'sys/user/list?pageSize=100');
    expect(usernames(acmeList.body.result.records)).toEqual(['acme-agent', 'acme-seller']);
  });
});
