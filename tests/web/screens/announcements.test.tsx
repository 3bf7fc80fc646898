import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AnnouncementList } from '@admin/screens/system/AnnouncementList.js';
import { UserAnnouncement } from '@admin/screens/system/UserAnnouncement.js';
import type { AnnouncementRecord, AnnouncementView } from '@shared/contract/announcements.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { pageOf, ROLE_ITEMS, signIn } from './fixtures.js';

vi.setConfig({ testTimeout: 30_000 });

const common = {
  msgAbstract: '',
  priority: 'M' as const,
  msgCategory: '1' as const,
  msgType: 'ALL' as const,
  revokeTime: null,
};
const DRAFT_ID = '10000000-0000-4000-8000-000000000001';
const RELEASED_ID = '10000000-0000-4000-8000-000000000002';
const records: AnnouncementRecord[] = [
  {
    ...common,
    id: DRAFT_ID,
    titile: 'Price list draft',
    msgContent: '<p>Fees <strong>soon</strong></p><script>window.hacked = true</script>',
    sendStatus: '0',
    sendTime: null,
    roleCodes: [],
    userIds: [],
    createBy: 'agent',
    createTime: '2024-05-01T08:00:00.000Z',
    updateTime: '2024-05-01T08:00:00.000Z',
  },
  {
    ...common,
    id: RELEASED_ID,
    titile: 'Warehouse closed',
    msgContent: '<p>Closed</p>',
    sendStatus: '1',
    sendTime: '2024-05-02T08:00:00.000Z',
    roleCodes: [],
    userIds: [],
    createBy: 'agent',
    createTime: '2024-05-01T08:00:00.000Z',
    updateTime: '2024-05-01T08:00:00.000Z',
  },
];
const mine: AnnouncementView = {
  ...common,
  id: RELEASED_ID,
  anntId: RELEASED_ID,
  titile: 'Warehouse closed',
  msgContent: '<p>Closed on <b>Friday</b></p><img src=x onerror="window.hacked = true">',
  sendStatus: '1',
  sendTime: '2024-05-02T08:00:00.000Z',
  sender: 'Alice Agent',
  readFlag: '0',
  readTime: null,
};

const calls: string[] = [];
useApiServer(
  http.get(api('/sys/annountCement/list'), () => ok(pageOf(records, 2))),
  http.get(api('/sys/annountCement/doReleaseData'), ({ request }) => {
    calls.push(`release ${new URL(request.url).searchParams.get('id')}`);
    return ok({ ...records[0], sendStatus: '1' }, 'Announcement released');
  }),
  http.get(api('/sys/sysAnnouncementSend/getMyAnnouncementSend'), () => ok(pageOf([mine], 1))),
  http.get(api('/sys/annountCement/queryById'), () => ok(mine)),
  http.put(api('/sys/sysAnnouncementSend/editByAnntIdAndUserId'), async ({ request }) => {
    calls.push(`read ${JSON.stringify(await request.json())}`);
    return ok(null, 'Marked as read');
  }),
  http.get(api('/sys/dict/getDictItems/user_role'), () => ok(ROLE_ITEMS)),
  http.get(api('/sys/annountCement/listByUser'), () =>
    ok({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 }),
  ),
);

function rowOf(title: string): HTMLElement {
  const row = screen.getByText(title).closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row ${title}`);
  return row;
}

describe('announcements (/system/announcement)', () => {
  it('offers each row only the actions its status allows, and releases after a confirmation', async () => {
    calls.length = 0;
    signIn('agent_manager', [
      PERMISSIONS.announcementList,
      PERMISSIONS.announcementAdd,
      PERMISSIONS.announcementEdit,
      PERMISSIONS.announcementRelease,
    ]);
    renderWithProviders(<AnnouncementList />);
    await screen.findByText('Price list draft');

    const draft = rowOf('Price list draft');
    expect(within(draft).getByText('Edit')).toBeTruthy();
    expect(within(draft).getByText('Release')).toBeTruthy();
    expect(within(draft).getByText('Delete')).toBeTruthy();
    expect(within(draft).queryByText('Revoke')).toBeNull();
    const released = rowOf('Warehouse closed');
    expect(within(released).getByText('Revoke')).toBeTruthy();
    expect(within(released).queryByText('Edit')).toBeNull();

    fireEvent.click(within(draft).getByText('Release'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Release “Price list draft” to its audience now\?/)).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(calls).toEqual([`release ${DRAFT_ID}`]));
  });

  it('shows no change buttons to a user who may only read the list', async () => {
    signIn('agent_manager', [PERMISSIONS.announcementList]);
    renderWithProviders(<AnnouncementList />);
    await screen.findByText('Price list draft');
    expect(screen.queryByRole('button', { name: /New announcement/ })).toBeNull();
    expect(screen.queryByText('Release')).toBeNull();
    expect(screen.queryByText('Revoke')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
  });

  it('previews a draft without its scripts', async () => {
    signIn('agent_manager', [PERMISSIONS.announcementList]);
    renderWithProviders(<AnnouncementList />);
    fireEvent.click(await screen.findByText('Price list draft'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('soon').tagName).toBe('STRONG');
    expect(dialog.innerHTML).not.toContain('<script');
  });
});

describe('my announcements (/isps/userAnnouncement)', () => {
  it('opens an announcement in the modal, sanitised, and marks it read', async () => {
    calls.length = 0;
    signIn('seller', []);
    renderWithProviders(<UserAnnouncement />);
    await screen.findByText('Warehouse closed');
    const row = rowOf('Warehouse closed');
    expect(within(row).getByText('Unread')).toBeTruthy();

    fireEvent.click(within(row).getByText('Warehouse closed'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Friday').tagName).toBe('B');
    expect(within(dialog).getByText(/Alice Agent/)).toBeTruthy();
    expect(dialog.innerHTML).not.toContain('onerror');
    await waitFor(() => expect(calls).toEqual([`read {"anntId":"${RELEASED_ID}"}`]));
  });
});
