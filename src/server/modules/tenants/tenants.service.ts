import { eq } from 'drizzle-orm';
import type { Branding } from '@shared/contract/tenants.js';
import { withTenant, type Db } from '../../db/client.js';
import { resolveTenantId } from './tenant-resolution.js';
import { tenants } from './tenants.tables.js';

/** The product's own branding, answered for a domain no agent has claimed. */
export const DEFAULT_BRANDING: Branding = {
  title: 'WMS Cloud',
  agentCode: null,
  logo: null,
  showAgentLink: false,
  homeUrl: null,
  homeImg: null,
  friendName: null,
  friendLink: null,
  helpLink: null,
  beianhao: null,
  iconUrl: null,
  chatJs: null,
  webSite: null,
};

/** The host name of a site origin ('https://a.example.com:8443/x' → 'a.example.com'). */
export function domainOf(originOrHost: string): string {
  const value = originOrHost.trim();
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * POST /agent/agentMg/property: the branding of the agent named by agentCode or owning the
 * domain; an unknown domain gets the default branding, never an error.
 */
export async function brandingFor(
  db: Db,
  input: { domain?: string; agentCode?: string },
  requestHost: string,
): Promise<Branding> {
  const domain = input.domain ? domainOf(input.domain) : requestHost;
  const tenantId = await resolveTenantId(db, domain, input.agentCode);
  if (!tenantId) return DEFAULT_BRANDING;
  const row = await withTenant(db, tenantId, async (tx) => {
    const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
    return tenant;
  });
  if (!row) return DEFAULT_BRANDING;
  return {
    title: row.title,
    agentCode: row.agentCode,
    logo: row.logo,
    showAgentLink: row.showAgentLink,
    homeUrl: row.homeUrl,
    homeImg: row.homeImg,
    friendName: row.friendName,
    friendLink: row.friendLink,
    helpLink: row.helpLink,
    beianhao: row.beianhao,
    iconUrl: row.iconUrl,
    chatJs: row.chatJs,
    webSite: row.webSite,
  };
}

const SNIPPET_SRC = /<script\b[^>]*?\bsrc\s*=\s*["']?([^"'\s>]+)/i;

/**
 * The origin an agent's chat script loads from, as a content-security-policy source: the
 * scheme and host of a script address or of a `<script src=…>` snippet (the host alone for a
 * protocol-relative address). Null for none, for a path on our own site and for script code,
 * which the admin does not run (src/admin/auth/layout/chat-script.ts reads chatJs the same way).
 */
export function chatScriptOrigin(chatJs: string | null | undefined): string | null {
  const value = chatJs?.trim();
  if (!value) return null;
  const src = value.startsWith('<') ? SNIPPET_SRC.exec(value)?.[1] : value;
  if (!src || /\s/.test(src)) return null;
  const relative = src.startsWith('//');
  if (!relative && !/^https?:\/\//i.test(src)) return null;
  try {
    const url = new URL(relative ? `https:${src}` : src);
    return relative ? url.host : url.origin;
  } catch {
    return null;
  }
}

/** The chat script origin of the agent that owns this site (or agent code), for the page's policy. */
export async function chatScriptOriginFor(
  db: Db,
  domain: string,
  agentCode?: string,
): Promise<string | null> {
  const tenantId = await resolveTenantId(db, domain, agentCode);
  if (!tenantId) return null;
  const [row] = await withTenant(db, tenantId, (tx) =>
    tx.select({ chatJs: tenants.chatJs }).from(tenants).where(eq(tenants.id, tenantId)),
  );
  return chatScriptOrigin(row?.chatJs);
}
