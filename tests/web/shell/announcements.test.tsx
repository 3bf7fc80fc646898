import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AnnouncementCenter } from '@admin/dialogs/AnnouncementCenter.js';
import type { AnnouncementView } from '@shared/contract/announcements.js';
import { renderWithProviders } from '../render.js';
import { api, http, ok, useApiServer } from './api-server.js';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const notice: AnnouncementView = {
  id: '7b0c7f0e-8d1a-4a59-9d1b-2d4f8f0b9a11',
  anntId: '7b0c7f0e-8d1a-4a59-9d1b-2d4f8f0b9a11',
  titile: 'New storage fees from June',
  msgContent: '<p>See the price list.</p>',
  msgAbstract: 'See the price list.',
  priority: 'H',
  msgCategory: '1',
  msgType: 'ALL',
  sendStatus: '1',
  sendTime: '2024-05-20T02:00:00.000Z',
  revokeTime: null,
  sender: 'admin',
  readFlag: '0',
  readTime: null,
};

const marked: unknown[] = [];
useApiServer(
  http.get(api('/sys/annountCement/queryLastUnRead'), () => ok(notice)),
  http.put(api('/sys/sysAnnouncementSend/editByAnntIdAndUserId'), async ({ request }) => {
    marked.push(await request.json());
    return ok(null);
  }),
  http.get(api('/sys/annountCement/listByUser'), () =>
    ok({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 }),
  ),
);

describe('announcements on load', () => {
  it('shows the latest unread announcement and marks it read when closed', async () => {
    renderWithProviders(<AnnouncementCenter userId="u-1" token={null} />);
    expect(await screen.findByText('New storage fees from June')).toBeTruthy();
    const [closeButton] = screen.getAllByRole('button', { name: 'Close' }).slice(-1);
    if (!closeButton) throw new Error('no close button');
    fireEvent.click(closeButton);
    await waitFor(() => expect(marked).toEqual([{ anntId: notice.anntId }]));
  });
});
