/**
 * What the browser keeps between visits: the token and user info (7 days, spec 01 §9),
 * the permission lists (session storage, spec 01 §6) and the language; for the browser session,
 * the agent a link chose. Used by admin and PDA.
 */
import { SESSION_TTL_MS } from '@shared/domain/session.js';
import type { UserInfo } from '@shared/contract/identity.js';

export const STORAGE_KEYS = {
  token: 'Access-Token',
  userInfo: 'Login_Userinfo',
  language: 'language',
  auth: 'LOGIN_USER_BUTTON_AUTH',
  allAuth: 'SYS_BUTTON_AUTH',
  departs: 'Login_Departs',
  agent: 'AGENT_CODE',
} as const;

interface Stored<T> {
  value: T;
  expire: number;
}

function read<T>(storage: Storage, key: string): T | null {
  const raw = storage.getItem(key);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Stored<T>;
    if (stored.expire && stored.expire < Date.now()) {
      storage.removeItem(key);
      return null;
    }
    return stored.value;
  } catch {
    storage.removeItem(key);
    return null;
  }
}

function write<T>(storage: Storage, key: string, value: T, ttlMs = SESSION_TTL_MS) {
  storage.setItem(key, JSON.stringify({ value, expire: Date.now() + ttlMs } satisfies Stored<T>));
}

export const sessionStore = {
  token: (): string | null => read<string>(localStorage, STORAGE_KEYS.token),
  userInfo: (): UserInfo | null => read<UserInfo>(localStorage, STORAGE_KEYS.userInfo),
  save(token: string, userInfo: UserInfo) {
    write(localStorage, STORAGE_KEYS.token, token);
    write(localStorage, STORAGE_KEYS.userInfo, userInfo);
  },
  saveUserInfo(userInfo: UserInfo) {
    write(localStorage, STORAGE_KEYS.userInfo, userInfo);
  },
  /** The agent a link chose (`?agent=CODE`), kept for the browser session; survives logout. */
  agentCode: (): string | null => sessionStorage.getItem(STORAGE_KEYS.agent),
  saveAgentCode(agentCode: string) {
    sessionStorage.setItem(STORAGE_KEYS.agent, agentCode);
  },
  saveAuth(auth: unknown, allAuth: unknown) {
    sessionStorage.setItem(STORAGE_KEYS.auth, JSON.stringify(auth));
    sessionStorage.setItem(STORAGE_KEYS.allAuth, JSON.stringify(allAuth));
  },
  clear() {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.userInfo);
    sessionStorage.removeItem(STORAGE_KEYS.auth);
    sessionStorage.removeItem(STORAGE_KEYS.allAuth);
  },
};
