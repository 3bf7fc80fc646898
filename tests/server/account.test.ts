import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(() => world.close());

const permissionsOf = async (username: string, lang = 'en-US') => {
  const token = await world.login(username);
  const response = await world.request({
    method: 'GET',
    url: `/api/sys/permission/getUserPermissionByToken?lang=${lang}&_t=1`,
    token,
  });
  expect(response.statusCode).toBe(200);
  return response.json().result as {
    menu: {
      path: string;
      component: string;
      meta: { title: string };
      children?: {
        path: string;
        component: string;
        meta: { title: string; permissionList: { action: string }[] };
      }[];
    }[];
    auth: { action: string }[];
    allAuth: { action: string; status: string }[];
  };
};
const paths = (menu: Awaited<ReturnType<typeof permissionsOf>>['menu']) =>
  menu.flatMap((item) => [item.path, ...(item.children ?? []).map((child) => child.path)]);

describe('GET /api/sys/permission/getUserPermissionByToken', () => {
  it("answers the seller's menu in the spec's item shape: dashboard, staff, no system administration", async () => {
    const { menu, auth, allAuth } = await permissionsOf('seller');
    expect(paths(menu)).toContain('/dashboard/analysis');
    expect(paths(menu)).toContain('/seller/staff');
    expect(paths(menu)).not.toContain('/system/user');
    expect(menu[0]).toMatchObject({ path: '/dashboard', route: '1', hidden: false, meta: { title: 'Home' } });
    expect(auth.map((item) => item.action)).toContain('seller:staff:add');
    expect(auth.map((item) => item.action)).not.toContain('system:user:add');
    expect(allAuth.map((item) => item.action)).toContain('system:user:add');
  });

  it('gives the agent the system administration menu and its buttons', async () => {
    const { menu, auth } = await permissionsOf('agent');
    const system = menu.find((item) => item.path === '/system');
    expect(system?.children?.map((child) => child.path)).toEqual(
      expect.arrayContaining(['/system/user', '/system/role', '/system/depart', '/system/dict']),
    );
    expect(system?.children?.map((child) => child.path)).not.toContain('/system/permission');
    const users = system?.children?.find((child) => child.path === '/system/user');
    expect(users?.meta.permissionList.map((item) => item.action)).toContain('system:user:frozen');
    expect(auth.map((item) => item.action)).toContain('system:user:list');
  });

  it('gives the administrator everything, warehouse staff only the shared entries', async () => {
    expect(paths((await permissionsOf('admin')).menu)).toContain('/system/permission');
    const staff = paths((await permissionsOf('warestaff')).menu);
    expect(staff).toContain('/dashboard/analysis');
    expect(staff).not.toContain('/system');
    expect(staff).not.toContain('/seller');
  });

  it('titles the menu in the language asked for', async () => {
    expect((await permissionsOf('seller', 'zh-CN')).menu[0]?.meta.title).toBe('首页');
    expect((await permissionsOf('seller', 'th-TH')).menu[0]?.meta.title).toBe('หน้าแรก');
    expect((await permissionsOf('seller', 'vn-VN')).menu[0]?.meta.title).toBe('Trang chủ');
  });

  it('refuses without a token', async () => {
    expect(
      (await world.request({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /api/sys/user/updatePassword', () => {
  const change = (token: string, payload: Record<string, string>) =>
    world.request({
      method: 'POST',
      url: '/api/sys/user/updatePassword',
      token,
      payload,
      headers: { 'x-lang': 'en-US' },
    });

  it('checks the spec rules on the server and changes nothing on refusal', async () => {
    const token = await world.login('service');
    const base = {
      username: 'service',
      oldpassword: 'Demo12345',
      password: 'NewPass123',
      confirmpassword: 'NewPass123',
    };
    expect((await change(token, { ...base, oldpassword: '' })).json()).toMatchObject({
      code: 'password.old_required',
      message: 'please enter old password',
    });
    expect(
      (await change(token, { ...base, password: 'short1', confirmpassword: 'short1' })).json(),
    ).toMatchObject({
      code: 'password.rule',
    });
    expect(
      (await change(token, { ...base, password: 'lettersonly', confirmpassword: 'lettersonly' })).json().code,
    ).toBe('password.rule');
    expect((await change(token, { ...base, confirmpassword: '' })).json()).toMatchObject({
      code: 'password.confirm_required',
    });
    expect((await change(token, { ...base, confirmpassword: 'Other1234' })).json()).toMatchObject({
      code: 'password.mismatch',
      message: expect.stringContaining('the two passwords entered are different'),
    });
    expect((await change(token, { ...base, oldpassword: 'Wrong1234' })).json().code).toBe(
      'password.old_incorrect',
    );
    expect((await change(token, { ...base, username: 'seller' })).json().code).toBe(
      'password.not_own_account',
    );
    expect(await world.login('service')).toBeTruthy();
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const other = await world.login('seller2');
    const token = await world.login('seller2');
    const response = await change(token, {
      username: 'seller2',
      oldpassword: 'Demo12345',
      password: 'Changed123',
      confirmpassword: 'Changed123',
    });
    expect(response.json()).toMatchObject({ success: true, message: 'Password changed' });
    expect((await world.request({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(200);
    expect((await world.request({ method: 'GET', url: '/api/user/info', token: other })).statusCode).toBe(
      401,
    );
    const old = await world.request({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'seller2', password: 'Demo12345' },
    });
    expect(old.json().code).toBe('auth.bad_credentials');
    const fresh = await world.request({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'seller2', password: 'Changed123' },
    });
    expect(fresh.json().success).toBe(true);
  });
});

describe('departments of the current user', () => {
  it('tells a user with two departments to choose, and switches the department', async () => {
    const login = await world.request({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'agent', password: 'Demo12345' },
    });
    const { token, multiDepart, departs } = login.json().result;
    expect(multiDepart).toBe(2);
    expect(departs.map((depart: { orgCode: string }) => depart.orgCode)).toEqual(['A01', 'A01A01']);
    const current = await world.request({
      method: 'GET',
      url: '/api/sys/user/getCurrentUserDeparts?_t=1',
      token,
    });
    expect(current.json().result).toMatchObject({ orgCode: 'A01', list: expect.any(Array) });
    const switched = await world.request({
      method: 'POST',
      url: '/api/sys/selectDepart',
      token,
      payload: { orgCode: 'A01A01', username: 'agent' },
    });
    expect(switched.json().result.userInfo.orgCode).toBe('A01A01');
    const after = await world.request({ method: 'GET', url: '/api/sys/user/getCurrentUserDeparts', token });
    expect(after.json().result.orgCode).toBe('A01A01');
  });

  it('refuses a department the user does not belong to, and a missing one', async () => {
    const token = await world.login('seller');
    const foreign = await world.request({
      method: 'POST',
      url: '/api/sys/selectDepart',
      token,
      payload: { orgCode: 'A01A03' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('depart.not_member');
    const missing = await world.request({ method: 'POST', url: '/api/sys/selectDepart', token, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields[0].path).toBe('orgCode');
  });
});

describe('GET /api/sys/duplicate/check', () => {
  const check = (token: string, query: string) =>
    world.request({ method: 'GET', url: `/api/sys/duplicate/check?${query}`, token });

  it('says whether a value is taken in the tenant, ignoring the record itself', async () => {
    const token = await world.login('agent');
    const taken = await check(token, 'tableName=sys_user&fieldName=username&fieldVal=SELLER');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ success: false, code: 'duplicate.value_exists' });
    expect(
      (await check(token, 'tableName=sys_user&fieldName=username&fieldVal=newcomer')).json().success,
    ).toBe(true);
    const { rows } = await world.database.ownerPool.query("select id from users where username = 'seller'");
    expect(
      (
        await check(token, `tableName=sys_user&fieldName=username&fieldVal=seller&dataId=${rows[0].id}`)
      ).json().success,
    ).toBe(true);
  });

  it('does not see other tenants and refuses tables and fields it does not know', async () => {
    const token = await world.login('agent');
    expect(
      (await check(token, 'tableName=sys_user&fieldName=username&fieldVal=acme-seller')).json().success,
    ).toBe(true);
    expect((await check(token, 'tableName=sessions&fieldName=token_hash&fieldVal=x')).statusCode).toBe(400);
    expect((await check(token, 'tableName=users&fieldName=password_hash&fieldVal=x')).statusCode).toBe(400);
    expect(
      (await check(token, 'tableName=users;drop table users&fieldName=username&fieldVal=x')).statusCode,
    ).toBe(400);
  });
});

describe('who may ask whether a value is taken', () => {
  const get = (token: string, url: string) => world.request({ method: 'GET', url: `/api/${url}`, token });

  it('refuses the duplicate check to anyone without the permission of the form that uses it', async () => {
    const seller = await world.login('seller');
    for (const query of [
      'tableName=sys_user&fieldName=username&fieldVal=agent',
      'tableName=sys_user&fieldName=phone&fieldVal=13800000001',
      'tableName=sys_role&fieldName=roleCode&fieldVal=seller',
    ]) {
      const response = await get(seller, `sys/duplicate/check?${query}`);
      expect(response.statusCode, query).toBe(403);
      expect(response.json().code).toBe('common.forbidden');
    }
    const warestaff = await world.login('warestaff');
    expect(
      (await get(warestaff, 'sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=agent'))
        .statusCode,
    ).toBe(403);
    // The agent edits users and roles but not the permission list, which only the administrator edits.
    const agent = await world.login('agent');
    expect(
      (await get(agent, 'sys/duplicate/check?tableName=sys_role&fieldName=roleCode&fieldVal=seller'))
        .statusCode,
    ).toBe(409);
    expect(
      (await get(agent, 'sys/duplicate/check?tableName=sys_permission&fieldName=perms&fieldVal=x'))
        .statusCode,
    ).toBe(403);
  });

  it('answers checkOnlyUser only to those who may add an account', async () => {
    // The seller adds staff, whose form checks the username as it is typed.
    const seller = await world.login('seller');
    expect((await get(seller, 'sys/user/checkOnlyUser?username=agent')).statusCode).toBe(409);
    for (const username of ['sellerstaff', 'warestaff', 'service']) {
      const token = await world.login(username);
      const response = await get(token, 'sys/user/checkOnlyUser?username=agent');
      expect(response.statusCode, username).toBe(403);
    }
  });
});

describe('GET /api/sys/dict/getDictItems/{code}', () => {
  it('answers the status groups of spec 02 §4 in the language asked for', async () => {
    const token = await world.login('seller');
    const zh = await world.request({
      method: 'GET',
      url: '/api/sys/dict/getDictItems/inbound_status',
      token,
    });
    const en = await world.request({
      method: 'GET',
      url: '/api/sys/dict/getDictItems/inbound_status?lang=en-US',
      token,
    });
    expect(zh.statusCode).toBe(200);
    const zhItems = zh.json().result as { value: string; text: string }[];
    const enItems = en.json().result as { value: string; text: string }[];
    expect(zhItems.length).toBeGreaterThanOrEqual(6);
    expect(zhItems.map((item) => item.value)).toEqual(enItems.map((item) => item.value));
    expect(zhItems[0]?.text).not.toBe(enItems[0]?.text);
    const roles = await world.request({
      method: 'GET',
      url: '/api/sys/dict/getDictItems/user_role?lang=ru-RU',
      token,
    });
    expect(roles.json().result).toHaveLength(11);
  });

  it('answers an empty list for an unknown dictionary and 400 for a bad code', async () => {
    const token = await world.login('seller');
    expect(
      (await world.request({ method: 'GET', url: '/api/sys/dict/getDictItems/nothing_here', token })).json()
        .result,
    ).toEqual([]);
    expect(
      (await world.request({ method: 'GET', url: '/api/sys/dict/getDictItems/a%20b', token })).statusCode,
    ).toBe(400);
  });
});

describe('POST /api/agent/agentMg/property', () => {
  const property = (payload: Record<string, string>) =>
    world.request({ method: 'POST', url: '/api/agent/agentMg/property', payload });

  it('answers the branding of the agent of a domain or an agent code', async () => {
    const demo = (await property({ domain: 'http://localhost:8080' })).json();
    expect(demo.result).toMatchObject({
      title: 'Demo Logistics',
      agentCode: 'demo',
      beianhao: expect.any(String),
      showAgentLink: true,
    });
    expect(demo.result.webSite.banners.length).toBeGreaterThan(0);
    expect((await property({ agentCode: 'acme' })).json().result).toMatchObject({
      title: 'Acme Fulfilment',
      agentCode: 'acme',
    });
    expect((await property({ domain: 'https://acme.localhost' })).json().result.agentCode).toBe('acme');
  });

  it('answers the default branding for an unknown domain, not an error', async () => {
    const response = await property({ domain: 'https://unknown.example.org' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ title: 'WMS Cloud', agentCode: null });
  });
});

describe('GET /api/health and /api/docs', () => {
  it('checks the database', async () => {
    expect((await world.request({ method: 'GET', url: '/api/health' })).json().result).toEqual({
      status: 'ok',
      database: 'ok',
    });
  });

  it('is not ready when the database answers but refuses what signed-in requests use', async () => {
    const owner = world.database.ownerPool;
    await owner.query('revoke execute on function app_session_actor(text) from public, wms_app');
    try {
      const response = await world.request({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json().result).toEqual({ status: 'error', database: 'unreachable' });
    } finally {
      await owner.query('grant execute on function app_session_actor(text) to wms_app');
    }
    expect((await world.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('serves OpenAPI generated from the shared schemas', async () => {
    const response = await world.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(
      spec.paths['/api/sys/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('username');
  });
});
