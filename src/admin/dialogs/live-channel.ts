/**
 * The announcement live channel: a WebSocket to /websocket/{userId} that
 * authenticates with the token as its subprotocol. It connects on start; after an error or a
 * close it reconnects 60 s later, one attempt at a time; after 110 s without traffic it sends a
 * heartbeat text. Only timing and parsing live here: the socket comes from a factory, so tests
 * drive it with fake timers.
 */
import { liveMessage, type LiveMessage } from '@shared/contract/announcements.js';

export const RECONNECT_DELAY_MS = 60_000;
export const HEARTBEAT_AFTER_MS = 110_000;
export const HEARTBEAT_TEXT = 'HeartBeat';

/** The part of a WebSocket the channel uses. */
export interface SocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface LiveChannelOptions {
  connect: () => SocketLike;
  onAnnouncement: (message: Extract<LiveMessage, { cmd: 'announcement' }>) => void;
  /** One of the user's download tasks changed. */
  onDownload?: (message: Extract<LiveMessage, { cmd: 'download' }>) => void;
}

/** ws(s)://<host>/websocket/<userId>, following the page's own scheme. */
export function liveChannelUrl(location: Pick<Location, 'protocol' | 'host'>, userId: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/websocket/${encodeURIComponent(userId)}`;
}

export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = liveMessage.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export class LiveChannel {
  private socket: SocketLike | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;

  constructor(private readonly options: LiveChannelOptions) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    this.clearTimer('reconnect');
    this.clearTimer('heartbeat');
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = null;
      socket.onclose = null;
      socket.close();
    }
  }

  /** Whether a reconnect is waiting (at most one at a time). */
  get isReconnectPending(): boolean {
    return this.reconnectTimer !== null;
  }

  private open() {
    let socket: SocketLike;
    try {
      socket = this.options.connect();
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.resetHeartbeat();
    socket.onmessage = (event) => {
      this.resetHeartbeat();
      const message = parseLiveMessage(event.data);
      if (message?.cmd === 'announcement') this.options.onAnnouncement(message);
      if (message?.cmd === 'download') this.options.onDownload?.(message);
    };
    socket.onerror = () => this.lost(socket);
    socket.onclose = () => this.lost(socket);
  }

  private lost(socket: SocketLike) {
    if (socket !== this.socket) return;
    this.socket = null;
    this.clearTimer('heartbeat');
    socket.onopen = socket.onmessage = socket.onerror = null;
    socket.onclose = null;
    try {
      socket.close();
    } catch {
      // Already closed: nothing to release.
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.open();
    }, RECONNECT_DELAY_MS);
  }

  private resetHeartbeat() {
    this.clearTimer('heartbeat');
    this.heartbeatTimer = setTimeout(() => {
      this.heartbeatTimer = null;
      const socket = this.socket;
      if (!socket) return;
      try {
        socket.send(HEARTBEAT_TEXT);
      } catch {
        this.lost(socket);
        return;
      }
      this.resetHeartbeat();
    }, HEARTBEAT_AFTER_MS);
  }

  private clearTimer(which: 'reconnect' | 'heartbeat') {
    const timer = which === 'reconnect' ? this.reconnectTimer : this.heartbeatTimer;
    if (timer) clearTimeout(timer);
    if (which === 'reconnect') this.reconnectTimer = null;
    else this.heartbeatTimer = null;
  }
}
