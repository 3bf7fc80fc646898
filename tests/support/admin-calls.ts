/**
 * Helpers for the administration tests: sign in from a fresh address each time (so the
 * per-address login limit never interferes), call the API with English messages, and read
 * the database as its owner to check what a call did or did not change.
 */
import type { TestWorld } from './test-app.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function adminCalls(worldOf: () => TestWorld) {
  let address = 0;
  async function scalar(query: string, params: unknown[] = []): Promise<string> {
    const { rows } = await worldOf().database.ownerPool.query(query, params);
    return String(Object.values(rows[0] ?? {})[0]);
  }
  return {
    scalar,
    async signIn(username: string, password = 'Demo12345', agentCode?: string): Promise<string> {
      address += 1;
      const response = await worldOf().app.inject({
        method: 'POST',
        url: '/api/sys/login',
        remoteAddress: `198.51.${Math.floor(address / 250)}.${(address % 250) + 1}`,
        payload: { username, password, ...(agentCode ? { agentCode } : {}) },
      });
      if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.body}`);
      return response.json().result.token;
    },
    /** One API call; the body is the parsed reply as light-my-request gives it. */
    async call(token: string, method: Method, url: string, payload?: object) {
      const response = await worldOf().request({
        method,
        url: `/api/${url}`,
        token,
        payload,
        headers: { 'accept-language': 'en-US' },
      });
      return { status: response.statusCode, body: response.json() };
    },
    /** The id of the row of `table` whose `column` is `value`, in the tenant of `agentCode`. */
    idOf(table: string, column: string, value: string, agentCode = 'demo'): Promise<string> {
      return scalar(
        `select t.id from ${table} t join tenants x on x.id = t.tenant_id where x.agent_code = $2 and t.${column} = $1`,
        [value, agentCode],
      );
    },
  };
}

/** The usernames of a list reply's records, sorted. */
export function usernames(records: { username: string }[]): string[] {
  return records.map((user) => user.username).sort();
}
