import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(() => world.close());

const summary = async (token: string, query = '') =>
  world.request({ method: 'GET', url: `/api/dashboard/summary${query}`, token });

describe('GET /api/dashboard/summary', () => {
  it('gives a manager user counts, sign-ins of the last 7 days and releases', async () => {
    const token = await world.login('agent');
    const response = await summary(token, '?tz=Asia/Bangkok');
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(result.usersByRole).toEqual(
      expect.arrayContaining([
        { userRole: 'seller', count: 2 },
        { userRole: 'agent_manager', count: 1 },
      ]),
    );
    const users = result.usersByRole.reduce((sum: number, row: { count: number }) => sum + row.count, 0);
    expect(users).toBe(8);
    expect(result.loginsPerDay).toHaveLength(7);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    expect(result.loginsPerDay.at(-1)).toEqual({ date: today, count: 1 });
    expect(result.announcementsReleased).toBe(2);
    expect(result.unreadAnnouncements).toBe(1);
    expect(result.pendingQuestions).toBe(2);
  });

  it('gives a seller only their own counts', async () => {
    const token = await world.login('seller');
    const result = (await summary(token)).json().result;
    expect(result).toEqual({
      unreadAnnouncements: 2,
      pendingQuestions: 2,
      usersByRole: null,
      loginsPerDay: null,
      announcementsReleased: null,
    });
    await world.request({ method: 'PUT', url: '/api/sys/sysAnnouncementSend/readAll', token });
    expect((await summary(token)).json().result.unreadAnnouncements).toBe(0);
  });

  it('refuses an unknown time zone and an anonymous caller', async () => {
    const token = await world.login('admin');
    const response = await summary(token, '?tz=Mars/Olympus');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0]).toMatchObject({ path: 'tz', rule: 'time_zone' });
    expect((await world.request({ method: 'GET', url: '/api/dashboard/summary' })).statusCode).toBe(401);
  });
});
