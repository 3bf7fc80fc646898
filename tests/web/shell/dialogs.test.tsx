import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AnnouncementModal, sanitizeAnnouncementHtml } from '@admin/dialogs/AnnouncementModal.js';
import { ChangePasswordDialog } from '@admin/dialogs/ChangePasswordDialog.js';
import { LOGISTICS_LINKS } from '@admin/dialogs/logistics-links.js';
import { LogisticsLinksModal } from '@admin/dialogs/LogisticsLinksModal.js';
import { PrinterSettingsModal } from '@admin/dialogs/PrinterSettingsModal.js';
import {
  PRINT_TYPE_STORAGE_KEY,
  readPrinterPreferences,
  readPrintType,
  savePrinterPreferences,
} from '@admin/dialogs/printer-store.js';
import { SettingsDrawer } from '@admin/settings/SettingsDrawer.js';
import { SETTINGS_STORAGE_KEY, settingsStore } from '@admin/settings/settings-store.js';
import { sessionStore } from '@api/storage.js';
import type { AnnouncementView } from '@shared/contract/announcements.js';
import { PRINT_HELPER } from '@shared/domain/print-helper.js';
import { renderWithProviders } from '../render.js';
import { api, failure, http, ok, useApiServer } from './api-server.js';
import { sellerUser } from './fixtures.js';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const passwordBodies: unknown[] = [];
const server = useApiServer(
  http.post(api('/sys/user/updatePassword'), async ({ request }) => {
    passwordBodies.push(await request.json());
    return ok(null, 'Password changed, log in with the new one next time');
  }),
);

beforeEach(() => {
  passwordBodies.length = 0;
  settingsStore.reset();
});

describe('the settings drawer', () => {
  it('offers the 8 preset colours with #1890FF as default and keeps choices in the browser', async () => {
    renderWithProviders(<SettingsDrawer open onClose={() => undefined} />);
    expect(settingsStore.get().primaryColor).toBe('#1890FF');
    const daybreak = await screen.findByRole('button', { name: 'Daybreak blue (default)' });
    expect(daybreak.getAttribute('aria-pressed')).toBe('true');
    for (const name of [
      'Dust red',
      'Volcano',
      'Sunset orange',
      'Cyan',
      'Polar green',
      'Geek blue',
      'Golden purple',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Golden purple' }));
    fireEvent.click(screen.getByRole('button', { name: 'Light menu' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Colour-weak mode' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Multi-tab mode' }));
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}')).toMatchObject({
      primaryColor: '#722ED1',
      navTheme: 'light',
      colorWeak: true,
      multipage: false,
    });
  });

  it("says 'Failed to update theme' when the choice cannot be kept", async () => {
    renderWithProviders(<SettingsDrawer open onClose={() => undefined} />);
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cyan' }));
    expect(await screen.findByText('Failed to update theme')).toBeTruthy();
    setItem.mockRestore();
  });
});

describe('the change-password dialog', () => {
  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('checks the old, new and confirmation fields with their own wording', async () => {
    sessionStore.save('token-1', sellerUser);
    renderWithProviders(<ChangePasswordDialog open onClose={() => undefined} />);
    expect(await screen.findByText('At least 8 characters, case-sensitive')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('please enter old password')).toBeTruthy();
    expect(screen.getByText('please confirm new password')).toBeTruthy();
    fill('New password', 'abcdefgh');
    expect(await screen.findByText('password must contain digits, letters, not fewer than 8')).toBeTruthy();
    fill('New password', 'abcd1234');
    fill('Confirm new password', 'abcd12345');
    expect(await screen.findByText('the two passwords entered are different')).toBeTruthy();
    expect(passwordBodies).toEqual([]);
  });

  it('sends the change and shows the server message on success, then closes', async () => {
    sessionStore.save('token-1', sellerUser);
    const onClose = vi.fn();
    renderWithProviders(<ChangePasswordDialog open onClose={onClose} />);
    fill('Old password', 'Demo12345');
    fill('New password', 'Better2024');
    fill('Confirm new password', 'Better2024');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Password changed, log in with the new one next time')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(passwordBodies).toEqual([
      {
        username: sellerUser.username,
        oldpassword: 'Demo12345',
        password: 'Better2024',
        confirmpassword: 'Better2024',
      },
    ]);
  });

  it("shows the server's refusal as a warning and stays open", async () => {
    server.use(
      http.post(api('/sys/user/updatePassword'), () =>
        failure(422, 'password.old_incorrect', 'The old password is incorrect'),
      ),
    );
    sessionStore.save('token-1', sellerUser);
    const onClose = vi.fn();
    renderWithProviders(<ChangePasswordDialog open onClose={onClose} />);
    fill('Old password', 'Wrong1234');
    fill('New password', 'Better2024');
    fill('Confirm new password', 'Better2024');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('The old password is incorrect')).toBeTruthy();
    expect(document.querySelector('.ant-message-warning')).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('warns when no user is logged in', async () => {
    renderWithProviders(<ChangePasswordDialog open onClose={() => undefined} />);
    fill('Old password', 'Demo12345');
    fill('New password', 'Better2024');
    fill('Confirm new password', 'Better2024');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('There is no logged-in user')).toBeTruthy();
    expect(passwordBodies).toEqual([]);
  });
});

describe('the announcement modal', () => {
  const notice: AnnouncementView = {
    id: 'a-1',
    anntId: 'a-1',
    titile: 'Warehouse closed on Friday',
    msgContent: '<p>Stock count <b>all day</b></p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
    msgAbstract: 'Stock count',
    priority: 'M',
    msgCategory: '1',
    msgType: 'ALL',
    sendStatus: '1',
    sendTime: '2024-05-01T08:30:00.000Z',
    revokeTime: null,
    sender: 'admin',
    readFlag: '0',
    readTime: null,
  };

  it('shows title, send time and sanitised content, and toggles between 60% and full width', async () => {
    renderWithProviders(<AnnouncementModal announcement={notice} onClose={() => undefined} />);
    expect(await screen.findByText('Warehouse closed on Friday')).toBeTruthy();
    expect(screen.getByText('all day')).toBeTruthy();
    const content = document.querySelector('.announcement-content');
    expect(content?.innerHTML).not.toMatch(/onerror|<script/);
    const modal = () => document.querySelector<HTMLElement>('.ant-modal');
    expect(modal()?.style.width).toBe('60%');
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    await waitFor(() => expect(modal()?.style.width).toBe('100%'));
  });

  it('strips scripts and event handlers', () => {
    expect(
      sanitizeAnnouncementHtml('<a href="javascript:alert(1)" onclick="x()">x</a><script>y()</script>'),
    ).toBe('<a>x</a>');
  });
});

describe('the logistics links and default printers', () => {
  it('lists Taiwan, Thailand and Turkey links with a copy action', async () => {
    renderWithProviders(<LogisticsLinksModal open onClose={() => undefined} />);
    for (const region of ['Taiwan', 'Thailand', 'Turkey'])
      expect(await screen.findByRole('tab', { name: region })).toBeTruthy();
    const first = LOGISTICS_LINKS.taiwan[0];
    expect(screen.getByRole('link', { name: first?.url }).getAttribute('target')).toBe('_blank');
    expect(screen.getAllByRole('button', { name: /Copy/ })).toHaveLength(LOGISTICS_LINKS.taiwan.length);
    for (const links of Object.values(LOGISTICS_LINKS)) {
      for (const link of links) expect(link.url).toMatch(/^https:\/\//);
    }
  });

  it('keeps one printer per marketplace kind in the browser', async () => {
    savePrinterPreferences({ shopee: 'Zebra ZD421', lazada: null, tiktok: null, jd: null });
    // No print helper runs on this computer: the names are the ones typed before.
    server.use(
      ...PRINT_HELPER.ports.map((port) =>
        http.get(`http://127.0.0.1:${port}/status`, () => HttpResponse.error()),
      ),
    );
    renderWithProviders(<PrinterSettingsModal open onClose={() => undefined} />);
    for (const kind of [
      'Shopee-type printer',
      'Lazada-type printer',
      'Tiktok-type printer',
      'Jd-type printer',
    ]) {
      expect(await screen.findByText(kind)).toBeTruthy();
    }
    expect(screen.getByText('Zebra ZD421')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(readPrinterPreferences().shopee).toBe('Zebra ZD421'));
  });

  it('prints on print type 6, the 100 × 150 mm label, until another is chosen', async () => {
    localStorage.removeItem(PRINT_TYPE_STORAGE_KEY);
    expect(readPrintType()).toBe(6);
    server.use(
      ...PRINT_HELPER.ports.map((port) =>
        http.get(`http://127.0.0.1:${port}/status`, () => HttpResponse.error()),
      ),
    );
    renderWithProviders(<PrinterSettingsModal open onClose={() => undefined} />);
    expect(await screen.findByText('Label 100 × 150 mm (A6)')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Print type' }));
    fireEvent.click(await screen.findByTitle('A4 sheet'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(readPrintType()).toBe(4));
    // Something not a print type in storage counts as none chosen.
    localStorage.setItem(PRINT_TYPE_STORAGE_KEY, '7');
    expect(readPrintType()).toBe(6);
  });
});
