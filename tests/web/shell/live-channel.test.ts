import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HEARTBEAT_AFTER_MS,
  HEARTBEAT_TEXT,
  LiveChannel,
  liveChannelUrl,
  RECONNECT_DELAY_MS,
  type SocketLike,
} from '@admin/dialogs/live-channel.js';

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  onclose: SocketLike['onclose'] = null;
  sent: string[] = [];
  isClosed = false;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.isClosed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  receive(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  fail() {
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close'));
  }
}

function channel() {
  const sockets: FakeSocket[] = [];
  const announcements: { msgId: string; msgTxt: string }[] = [];
  const live = new LiveChannel({
    connect: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    onAnnouncement: (message) => announcements.push({ msgId: message.msgId, msgTxt: message.msgTxt }),
  });
  return { live, sockets, announcements, last: () => sockets[sockets.length - 1] ?? new FakeSocket() };
}

describe('the announcement live channel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects to ws(s)://<host>/websocket/<userId> following the page scheme', () => {
    expect(liveChannelUrl({ protocol: 'https:', host: 'wms.example.com' }, 'u-1')).toBe(
      'wss://wms.example.com/websocket/u-1',
    );
    expect(liveChannelUrl({ protocol: 'http:', host: 'localhost:8080' }, 'u-1')).toBe(
      'ws://localhost:8080/websocket/u-1',
    );
  });

  it('connects on start', () => {
    const { live, sockets } = channel();
    live.start();
    expect(sockets).toHaveLength(1);
    live.stop();
  });

  it('reconnects 60 s after an error or close, not before', () => {
    const { live, sockets, last } = channel();
    live.start();
    last().open();
    last().fail();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    live.stop();
  });

  it('runs one reconnect attempt at a time however many failures arrive', () => {
    const { live, sockets, last } = channel();
    live.start();
    const first = last();
    first.onerror?.(new Event('error'));
    first.onclose?.(new CloseEvent('close'));
    first.onerror?.(new Event('error'));
    expect(live.isReconnectPending).toBe(true);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 3);
    expect(sockets).toHaveLength(2);
    live.stop();
  });

  it('keeps retrying every 60 s while the server stays away', () => {
    const { live, sockets, last } = channel();
    live.start();
    last().fail();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    last().fail();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(3);
    live.stop();
  });

  it('sends a heartbeat after 110 s without traffic, and traffic postpones it', () => {
    const { live, last } = channel();
    live.start();
    const socket = last();
    socket.open();
    vi.advanceTimersByTime(HEARTBEAT_AFTER_MS - 10_000);
    socket.receive(JSON.stringify({ cmd: 'heartcheck' }));
    vi.advanceTimersByTime(HEARTBEAT_AFTER_MS - 1);
    expect(socket.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual([HEARTBEAT_TEXT]);
    vi.advanceTimersByTime(HEARTBEAT_AFTER_MS);
    expect(socket.sent).toEqual([HEARTBEAT_TEXT, HEARTBEAT_TEXT]);
    live.stop();
  });

  it('hands pushed announcements over and ignores heartbeats and junk', () => {
    const { live, last, announcements } = channel();
    live.start();
    const socket = last();
    socket.open();
    socket.receive(JSON.stringify({ cmd: 'heartcheck' }));
    socket.receive('not json');
    socket.receive(JSON.stringify({ cmd: 'announcement', msgId: 'a-1', msgTxt: 'Stock count on Friday' }));
    expect(announcements).toEqual([{ msgId: 'a-1', msgTxt: 'Stock count on Friday' }]);
    live.stop();
  });

  it('stops cleanly: no reconnect and no heartbeat after stop', () => {
    const { live, sockets, last } = channel();
    live.start();
    const socket = last();
    socket.open();
    live.stop();
    expect(socket.isClosed).toBe(true);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS + HEARTBEAT_AFTER_MS);
    expect(sockets).toHaveLength(1);
    expect(socket.sent).toEqual([]);
  });
});
