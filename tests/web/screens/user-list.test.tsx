import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UserList } from '@admin/screens/system/UserList.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { api, failure, http, ok, useApiServer } from '../shell/api-server.js';
import { pageOf, ROLE_ITEMS, signIn, userRecord } from './fixtures.js';

vi.setConfig({ testTimeout: 30_000 });

const MANAGER_CODES = [
  PERMISSIONS.userList,
  PERMISSIONS.userAdd,
  PERMISSIONS.userEdit,
  PERMISSIONS.userFreeze,
  PERMISSIONS.userPassword,
];

/** packer5's password sign-in is locked by wrong passwords. */
const firstPage = Array.from({ length: 10 }, (_, index) =>
  userRecord({ username: `packer${index}`, isLocked: index === 5 }),
);
const secondPage = [userRecord({ username: 'latecomer', realname: 'Late Comer' })];

const listQueries: URLSearchParams[] = [];
const sent: { path: string; body: unknown }[] = [];
const server = useApiServer(
  http.get(api('/sys/user/list'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    listQueries.push(query);
    if (query.get('userRole') === 'seller') return ok(pageOf([], 0));
    if (query.get('username')) return ok(pageOf([secondPage[0] ?? userRecord()], 1));
    return query.get('pageNo') === '2' ? ok(pageOf(secondPage, 11, 2)) : ok(pageOf(firstPage, 11));
  }),
  http.get(api('/sys/dict/getDictItems/user_role'), () => ok(ROLE_ITEMS)),
  http.get(api('/sys/sysDepart/queryTreeList'), () => ok([])),
  http.get(api('/sys/role/queryall'), () => ok([])),
  http.get(api('/sys/user/checkOnlyUser'), () => ok(null)),
  http.put(api('/sys/user/frozenBatch'), async ({ request }) => {
    sent.push({ path: 'frozenBatch', body: await request.json() });
    return ok(null, 'Accounts frozen');
  }),
  http.post(api('/sys/user/add'), async ({ request }) => {
    sent.push({ path: 'add', body: await request.json() });
    return ok(userRecord(), 'Added');
  }),
);

function reset() {
  listQueries.length = 0;
  sent.length = 0;
}

async function renderList(codes = MANAGER_CODES) {
  reset();
  signIn('agent_manager', codes);
  const view = renderWithProviders(<UserList />);
  await screen.findByText('packer0');
  return view;
}

function formItem(label: string, container: HTMLElement): HTMLElement {
  const item = within(container).getByText(label, { selector: 'label' }).closest('.ant-form-item');
  if (!(item instanceof HTMLElement)) throw new Error(`no form item ${label}`);
  return item;
}

async function choose(container: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(formItem(label, container)).getByRole('combobox'));
  const choices = await screen.findAllByTitle(option);
  const visible = choices.filter((choice) => choice.classList.contains('ant-select-item-option')).at(-1);
  if (!visible) throw new Error(`no option ${option}`);
  fireEvent.click(visible);
}

describe('the user list (/system/user)', () => {
  it('asks the server for one page at a time and moves to the next page', async () => {
    await renderList();
    expect(listQueries[0]?.get('pageNo')).toBe('1');
    expect(listQueries[0]?.get('pageSize')).toBe('10');
    expect(screen.getByText('Total: 11')).toBeTruthy();

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('latecomer')).toBeTruthy();
    expect(listQueries.at(-1)?.get('pageNo')).toBe('2');
    expect(screen.queryByText('packer0')).toBeNull();
  });

  it('filters by username, role and status from the first page', async () => {
    await renderList();
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('latecomer');

    const search = screen.getByRole('search');
    fireEvent.change(within(formItem('Username', search)).getByRole('textbox'), {
      target: { value: '  late ' },
    });
    await choose(search, 'User role', 'Warehouse staff');
    await choose(search, 'Status', 'Frozen');
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));

    await waitFor(() => expect(listQueries.at(-1)?.get('username')).toBe('late'));
    const query = listQueries.at(-1);
    expect(query?.get('userRole')).toBe('ware_staff');
    expect(query?.get('status')).toBe('2');
    expect(query?.get('pageNo')).toBe('1');
    expect(query?.has('realname')).toBe(false);
  });

  it('freezes the selected accounts only after the confirmation', async () => {
    await renderList();
    const row = screen.getByText('packer3').closest('tr');
    if (!(row instanceof HTMLElement)) throw new Error('no row');
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /^(stop ?)?Freeze selected$/ }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Freeze 1 account\(s\): packer3\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: /^(stop ?)?Freeze selected$/ }));
    await waitFor(() => expect(screen.getAllByRole('dialog').length).toBeGreaterThan(0));
    const again = screen.getAllByRole('dialog').at(-1);
    if (!again) throw new Error('no confirmation');
    fireEvent.click(within(again).getByRole('button', { name: 'Freeze' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ path: 'frozenBatch', body: { ids: [firstPage[3]?.id], status: 2 } });
    expect(await screen.findByText('Accounts frozen')).toBeTruthy();
  });

  it('shows a locked account as Locked and unlocks it after the confirmation', async () => {
    await renderList();
    const rowOf = (name: string) => {
      const row = screen.getByText(name).closest('tr');
      if (!(row instanceof HTMLElement)) throw new Error(`no row ${name}`);
      return row;
    };
    expect(within(rowOf('packer5')).getByText('Locked')).toBeTruthy();
    expect(within(rowOf('packer4')).queryByText('Locked')).toBeNull();
    expect(within(rowOf('packer4')).getByText('Normal')).toBeTruthy();

    fireEvent.mouseEnter(within(rowOf('packer4')).getByText('More'));
    await screen.findByText('Reset password');
    expect(screen.queryByText('Unlock')).toBeNull();

    fireEvent.mouseEnter(within(rowOf('packer5')).getByText('More'));
    fireEvent.click(await screen.findByText('Unlock'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Wrong passwords locked password sign-in for packer5/)).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ path: 'frozenBatch', body: { ids: [firstPage[5]?.id], status: 1 } });
    expect(await screen.findByText('packer5 is unlocked')).toBeTruthy();
  });

  it('validates the add-user form before sending anything', async () => {
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: /Add user/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await within(drawer).findByText('Please enter Username')).toBeTruthy();
    expect(within(drawer).getByText('Please enter Real name')).toBeTruthy();
    expect(within(drawer).getByText('Please choose User role')).toBeTruthy();

    fireEvent.change(within(formItem('Username', drawer)).getByRole('textbox'), {
      target: { value: '-bad name' },
    });
    fireEvent.change(drawer.querySelector('#user-form_password') ?? drawer, {
      target: { value: 'lettersonly' },
    });
    fireEvent.change(drawer.querySelector('#user-form_confirmpassword') ?? drawer, {
      target: { value: 'different1' },
    });
    fireEvent.change(drawer.querySelector('#user-form_phone') ?? drawer, { target: { value: '12ab' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await within(drawer).findByText(/^2 to 32 characters/)).toBeTruthy();
    expect(within(drawer).getByText(/must contain letters and digits/)).toBeTruthy();
    expect(within(drawer).getByText('The two passwords entered are different')).toBeTruthy();
    expect(within(drawer).getByText(/Enter 6 to 15 digits/)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('sends a valid new user and shows the server’s refusal in the form', async () => {
    server.use(
      http.post(api('/sys/user/add'), async ({ request }) => {
        sent.push({ path: 'add', body: await request.json() });
        return failure(409, 'user.phone_taken', 'This phone number is already registered');
      }),
    );
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: /Add user/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(drawer.querySelector('#user-form_username') ?? drawer, {
      target: { value: 'newpacker' },
    });
    fireEvent.change(drawer.querySelector('#user-form_realname') ?? drawer, {
      target: { value: 'New Packer' },
    });
    fireEvent.change(drawer.querySelector('#user-form_password') ?? drawer, {
      target: { value: 'Secret123' },
    });
    fireEvent.change(drawer.querySelector('#user-form_confirmpassword') ?? drawer, {
      target: { value: 'Secret123' },
    });
    fireEvent.change(drawer.querySelector('#user-form_phone') ?? drawer, {
      target: { value: '+66812345678' },
    });
    await choose(drawer, 'User role', 'Warehouse staff');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await within(drawer).findByRole('alert')).toBeTruthy();
    expect(within(drawer).getByText('This phone number is already registered')).toBeTruthy();
    expect(sent[0]).toEqual({
      path: 'add',
      body: {
        username: 'newpacker',
        password: 'Secret123',
        realname: 'New Packer',
        nickname: '',
        userRole: 'ware_staff',
        phone: '+66812345678',
        departIds: [],
      },
    });
  });

  it('hides every button whose permission the user does not hold', async () => {
    await renderList([PERMISSIONS.userList]);
    expect(screen.queryByRole('button', { name: /Add user/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Freeze selected/ })).toBeNull();
    expect(screen.queryByText('Edit')).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('shows only the buttons of the codes held', async () => {
    await renderList([PERMISSIONS.userList, PERMISSIONS.userEdit]);
    expect(screen.queryByRole('button', { name: /Add user/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Freeze selected/ })).toBeNull();
    expect(screen.getAllByText('Edit')).toHaveLength(10);
    expect(screen.queryByText('More')).toBeNull();
  });
});
