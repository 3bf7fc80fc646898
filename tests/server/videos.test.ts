import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  world = await createTestWorld();
  for (const username of ['agent', 'seller', 'warestaff', 'acme-seller'])
    tokens[username] = await world.login(username, username.startsWith('acme') ? { agentCode: 'acme' } : {});
});
afterAll(() => world.close());

const as = (username: string) => tokens[username] ?? '';
const list = (username: string, query = '') =>
  world.request({ method: 'GET', url: `/api/sys/video/list${query}`, token: as(username) });
const titles = async (username: string, query = '') =>
  (await list(username, query)).json().result.map((video: { title: string }) => video.title);

describe('GET /api/sys/video/list', () => {
  it('gives sellers the seller videos in order, and nothing else', async () => {
    const response = await list('seller');
    expect(response.statusCode).toBe(200);
    const videos = response.json().result;
    expect(videos).toHaveLength(4);
    expect(videos[0]).toMatchObject({
      audience: 'seller',
      title: 'Getting started: connect your first shop',
      sortNo: 1,
    });
    expect(videos.every((video: { audience: string }) => video.audience === 'seller')).toBe(true);
    expect((await list('seller', '?audience=warehouse')).statusCode).toBe(403);
  });

  it('gives warehouse staff the warehouse videos by default and the seller ones on request', async () => {
    expect(await titles('warestaff')).toEqual([
      'Receiving and shelving with the PDA',
      'Picking, packing and bagging a wave',
      'Running a stock count by location',
    ]);
    expect(await titles('warestaff', '?audience=seller')).toHaveLength(4);
  });

  it('keeps each tenant’s videos its own', async () => {
    expect(await titles('acme-seller')).toEqual(['Welcome to Acme Fulfilment']);
  });
});

describe('managing videos', () => {
  it('lets the agent manager add, edit and delete videos', async () => {
    const added = await world.request({
      method: 'POST',
      url: '/api/sys/video/add',
      token: as('agent'),
      payload: {
        audience: 'seller',
        title: 'Printing waybills',
        url: 'https://videos.example.com/waybills',
        sortNo: 0,
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const { id } = added.json().result;
    expect((await titles('seller'))[0]).toBe('Printing waybills');

    const edited = await world.request({
      method: 'PUT',
      url: '/api/sys/video/edit',
      token: as('agent'),
      payload: {
        id,
        audience: 'warehouse',
        title: 'Printing waybills',
        url: 'https://videos.example.com/w',
        sortNo: 9,
      },
    });
    expect(edited.json().result).toMatchObject({ audience: 'warehouse', sortNo: 9 });
    expect(await titles('seller')).not.toContain('Printing waybills');
    expect((await titles('warestaff')).at(-1)).toBe('Printing waybills');

    const removed = await world.request({
      method: 'DELETE',
      url: `/api/sys/video/delete?id=${id}`,
      token: as('agent'),
    });
    expect(removed.statusCode).toBe(200);
    const again = await world.request({
      method: 'DELETE',
      url: `/api/sys/video/delete?id=${id}`,
      token: as('agent'),
    });
    expect(again.json().code).toBe('video.not_found');
  });

  it('refuses sellers and warehouse staff, and addresses other than http(s)', async () => {
    const video = { audience: 'seller', title: 'Mine', url: 'https://videos.example.com/x' };
    for (const username of ['seller', 'warestaff']) {
      const response = await world.request({
        method: 'POST',
        url: '/api/sys/video/add',
        token: as(username),
        payload: video,
      });
      expect(response.statusCode).toBe(403);
    }
    for (const url of ['javascript:alert(1)', 'ftp://videos.example.com/x', 'not a url']) {
      const response = await world.request({
        method: 'POST',
        url: '/api/sys/video/add',
        token: as('agent'),
        payload: { ...video, url },
      });
      expect(response.statusCode, url).toBe(400);
    }
  });
});
