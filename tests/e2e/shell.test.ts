/**
 * The admin shell as people use it, in Chromium against the real server: each role's menu and
 * header, the tab rules, the six languages, the theme colour, the change-password dialog, a live
 * announcement, and an expired session.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeAnnouncements,
  hasChromium,
  launchBrowser,
  loginThroughUi,
  newContext,
  settled,
  startLiveServer,
  type LiveServer,
} from './browser.js';
import { readablePrimary } from '@admin/theme.js';
import { DEMO_PASSWORD } from '@server/seed/demo.js';
import { parseColor } from '@shared/ui/contrast.js';

let server: LiveServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  mkdirSync('data/screenshots', { recursive: true });
  server = await startLiveServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedIn(username: string, language = 'en-US'): Promise<Page> {
  const context = await newContext(browser, language);
  const page = await context.newPage();
  await loginThroughUi(page, server.baseUrl, username);
  await closeAnnouncements(page);
  return page;
}

/** The order of the language switch's entries. */
const LANGUAGE_ORDER = ['zh-CN', 'en-US', 'th-TH', 'vn-VN', 'zh-TC', 'ru-RU'];
/** How long a poll waits for the page to reach a state before the test fails. */
const STATE_WAIT = { timeout: 20_000 };
const sideMenu = (page: Page) => page.locator('.ant-layout-sider').first();
const header = (page: Page) => page.locator('.ant-layout-header');

describe.skipIf(!hasChromium)('the admin shell in Chromium', () => {
  it("shows a seller the seller's menu and header", async () => {
    const seller = await signedIn('seller');
    await expect.poll(() => sideMenu(seller).innerText()).toContain('Staff');
    expect(await sideMenu(seller).innerText()).not.toContain('System');
    expect(await header(seller).getByRole('button', { name: 'Help' }).count()).toBe(1);
    expect(await header(seller).getByRole('button', { name: /PDA/ }).count()).toBe(0);
    await seller.screenshot({ path: 'data/screenshots/home-seller.png' });
    await seller.context().close();
  });

  it("shows an agent the agent's menu and header", async () => {
    const agent = await signedIn('agent');
    await expect.poll(() => sideMenu(agent).innerText()).toContain('System');
    expect(await sideMenu(agent).innerText()).not.toContain('Staff accounts');
    expect(await header(agent).getByRole('button', { name: /PDA/ }).count()).toBe(1);
    expect(await header(agent).getByRole('button', { name: 'Help' }).count()).toBe(0);
    await agent.screenshot({ path: 'data/screenshots/home-agent.png' });
    await agent.context().close();
  });

  it('shows warehouse staff a menu without System', async () => {
    const staff = await signedIn('warestaff');
    await expect.poll(() => sideMenu(staff).innerText()).toContain('Home');
    expect(await sideMenu(staff).innerText()).not.toContain('System');
    await staff.context().close();
  });

  it.each([
    ['sellerstaff', 'Steve Staff'],
    ['waremanager', 'Wendy Warehouse'],
    ['service', 'Cathy Service'],
  ] as const)('shows %s a menu without System and the name %s in the header', async (username, realname) => {
    const page = await signedIn(username);
    await expect.poll(() => sideMenu(page).innerText()).toContain('Home');
    expect(await sideMenu(page).innerText()).not.toContain('System');
    expect(await header(page).innerText()).toContain(realname);
    expect(await header(page).getByRole('button', { name: /PDA/ }).count()).toBe(
      username === 'sellerstaff' ? 0 : 1,
    );
    await page.context().close();
  });

  it('opens the System menu for the admin', async () => {
    const admin = await signedIn('admin');
    await admin.locator('.ant-layout-sider').getByText('System', { exact: true }).click();
    await expect.poll(() => sideMenu(admin).innerText()).toContain('Menus and permissions');
    expect(await sideMenu(admin).innerText()).not.toContain('Staff');
    await admin.context().close();
  });

  it("keeps the agent of '?agent=acme' through the redirect, signs its seller in and brands the shell as that agent", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/?agent=acme`);
    await page.waitForURL(/\/user\/login\?agent=acme$/, { timeout: 20_000 });
    await expect.poll(() => page.title(), STATE_WAIT).toBe('Acme Fulfilment');

    await page.getByRole('link', { name: 'Register now' }).click();
    await page.waitForURL(/\/user\/register\?agent=acme$/);
    await page.goto(`${server.baseUrl}/user/login`);
    await expect.poll(() => page.title(), STATE_WAIT).toBe('Acme Fulfilment');

    await page.getByPlaceholder(/username/i).fill('acme-seller');
    await page
      .getByPlaceholder(/password/i)
      .first()
      .fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL(/\/dashboard\/analysis/, { timeout: 20_000 });
    await closeAnnouncements(page);
    await expect.poll(() => sideMenu(page).innerText(), STATE_WAIT).toContain('Acme Fulfilment');
    expect(await sideMenu(page).innerText()).not.toContain('Demo Logistics');
    expect(await header(page).innerText()).toContain('Acme Seller');
    expect(await page.locator('.ant-breadcrumb').innerText()).toMatch(/^Home\s*\/\s*Dashboard$/);

    await page.reload();
    await expect.poll(() => sideMenu(page).innerText(), STATE_WAIT).toContain('Acme Fulfilment');
    await context.close();
  });

  it('keeps the tab rules with their messages', async () => {
    const page = await signedIn('agent');
    const homeTab = page
      .locator('.ant-tabs-tab')
      .filter({ has: page.locator('[data-tab-path="/dashboard/analysis"]') });
    await homeTab.locator('.ant-tabs-tab-remove').click();
    await expect
      .poll(() => page.locator('.ant-message').innerText())
      .toContain('Home page cannot be closed!');

    await sideMenu(page).getByText('System', { exact: true }).click();
    await sideMenu(page).getByText('Users', { exact: true }).click();
    await page.locator('[data-tab-path="/system/user"]').waitFor();
    await sideMenu(page).getByText('Roles', { exact: true }).click();
    await page.locator('[data-tab-path="/system/role"]').waitFor();
    expect(await page.locator('.ant-tabs-tab').count()).toBe(3);

    await page.locator('[data-tab-path="/system/role"]').click({ button: 'right' });
    await page.getByText('Close other tabs').click();
    await expect.poll(() => page.locator('.ant-tabs-tab').count()).toBe(2);
    expect(await page.locator('[data-tab-path="/dashboard/analysis"]').count()).toBe(1);
    expect(await page.locator('[data-tab-path="/system/user"]').count()).toBe(0);
    await page.screenshot({ path: 'data/screenshots/tabs-agent.png' });
    await page.context().close();
  });

  describe('switches to each of the six languages, one after another', () => {
    let page: Page;
    beforeAll(async () => {
      page = await signedIn('seller', 'zh-CN');
      await sideMenu(page).getByText('首页').first().waitFor();
    });
    afterAll(async () => {
      await page?.context().close();
    });

    it.each([
      ['en-US', 'Home'],
      ['th-TH', 'หน้าแรก'],
      ['vn-VN', 'Trang chủ'],
      ['zh-TC', '首頁'],
      ['ru-RU', 'Главная'],
      ['zh-CN', '首页'],
    ] as const)('to %s, where home is %s', async (language, title) => {
      await header(page).locator('button .anticon-global').first().click();
      const option = page.locator('.ant-dropdown-menu-item').nth(LANGUAGE_ORDER.indexOf(language));
      await Promise.all([page.waitForEvent('load'), option.click()]);
      await closeAnnouncements(page);
      await expect.poll(() => sideMenu(page).innerText()).toContain(title);
      expect(await page.evaluate(() => JSON.stringify(localStorage.getItem('language')))).toContain(language);
    });
  });

  it('changes the theme colour and keeps it', async () => {
    const page = await signedIn('seller');
    await header(page).getByRole('button', { name: 'Account' }).click();
    // The account menu zooms in: a click while it still moves can miss its item (as a hurried
    // user's can), so the click waits for the menu to stand.
    await settled(page);
    await page.getByText('System settings', { exact: true }).click();
    await page
      .getByRole('button', { name: 'Dust red' })
      .or(page.getByLabel('Dust red'))
      .first()
      .click()
      .catch(async (error: unknown) => {
        // Once in a full run the swatch was not there for 50 s: should it happen again, say what was open.
        await page.screenshot({ path: 'data/screenshots/settings-drawer-missing.png' });
        const open = await page
          .locator('.ant-drawer:visible, .ant-modal-wrap:visible, .ant-dropdown:visible')
          .allInnerTexts();
        throw new Error(`${String(error)}\nopen over the page: ${JSON.stringify(open)}`);
      });
    const primaryColour = () =>
      page.evaluate(() => {
        const item = document.querySelector('.ant-menu-item-selected');
        return item ? getComputedStyle(item).color + getComputedStyle(item).backgroundColor : '';
      });
    // Dust red (#f5222d) in the shade of it that reads, white on it and it on white (theme.ts).
    const [red, green, blue] = parseColor(readablePrimary('#f5222d'));
    const dustRed = `${red}, ${green}, ${blue}`;
    await expect.poll(primaryColour).toContain(dustRed);
    await page.screenshot({ path: 'data/screenshots/settings-drawer.png' });
    await page.reload();
    await closeAnnouncements(page);
    await expect.poll(primaryColour).toContain(dustRed);
    await page.context().close();
  });

  it('validates the change-password dialog as the spec says', async () => {
    const page = await signedIn('service');
    await header(page).getByRole('button', { name: 'Account' }).click();
    await settled(page);
    await page.getByText('Change password', { exact: true }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Change password' });
    await dialog
      .getByRole('button', { name: /OK|Confirm|Save|Change/ })
      .last()
      .click();
    await expect.poll(() => dialog.innerText()).toContain('please enter old password');
    await dialog.getByPlaceholder('Enter a new password').fill('short');
    await expect
      .poll(() => dialog.innerText())
      .toContain('password must contain digits, letters, not fewer than 8');
    await dialog.getByPlaceholder('Enter a new password').fill('Better1234');
    await dialog.getByPlaceholder('Enter the new password again').fill('Other1234');
    await expect.poll(() => dialog.innerText()).toContain('the two passwords entered are different');
    await dialog.getByPlaceholder('Enter your old password').fill('Wrong0000');
    await dialog.getByPlaceholder('Enter the new password again').fill('Better1234');
    await dialog
      .getByRole('button', { name: /OK|Confirm|Save|Change/ })
      .last()
      .click();
    await expect
      .poll(() => page.locator('.ant-message').innerText())
      .toContain('The old password is incorrect');
    await page.screenshot({ path: 'data/screenshots/change-password.png' });
    await page.context().close();
  });

  it("delivers an announcement released by the agent live to the seller's browser, and marks it read when closed", async () => {
    const page = await signedIn('seller');
    const agentToken = await server.world.login('agent');
    const title = `Live notice ${Date.now()}`;
    const added = await server.world.request({
      method: 'POST',
      url: '/api/sys/annountCement/add',
      token: agentToken,
      payload: {
        titile: title,
        msgContent: '<p>Hello <b>sellers</b><script>alert(1)</script></p>',
        msgType: 'ALL',
        priority: 'M',
        msgCategory: '1',
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().result.id as string;
    const released = await server.world.request({
      method: 'GET',
      url: `/api/sys/annountCement/doReleaseData?id=${id}`,
      token: agentToken,
    });
    expect(released.statusCode).toBe(200);
    const modal = page.locator('.ant-modal').filter({ hasText: title });
    await modal.waitFor({ state: 'visible' });
    expect(await modal.innerHTML()).not.toContain('<script');
    await page.screenshot({ path: 'data/screenshots/announcement-live.png' });
    await modal.getByRole('button', { name: 'Close' }).last().click();
    const sellerToken = await page.evaluate(
      () => JSON.parse(localStorage.getItem('Access-Token') ?? '{}').value as string,
    );
    await expect
      .poll(async () => {
        const mine = await server.world.request({
          method: 'GET',
          url: '/api/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=10',
          token: sellerToken,
        });
        return (mine.json().result.records as { id: string; readFlag: unknown }[]).find(
          (record) => record.id === id,
        )?.readFlag;
      })
      .toBeTruthy();
    await page.context().close();
  });

  it("shows the 'login expired' dialog when the session has expired, and 'log in again' leads to the login page", async () => {
    const page = await signedIn('waremanager');
    await server.world.database.ownerPool.query(
      "update sessions set expires_at = now() - interval '1 second' where user_id = (select id from users where username = 'waremanager')",
    );
    await page.reload();
    const dialog = page.locator('.ant-modal-confirm').filter({ hasText: 'login expired' });
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.innerText()).toContain('Sorry, login has expired, please log in again');
    await dialog.getByRole('button', { name: 'log in again' }).click();
    await page.waitForURL(/\/user\/login/);
    expect(await page.evaluate(() => localStorage.getItem('Access-Token'))).toBeNull();
    await page.context().close();
  });
});
