/**
 * The demo data, made on first start and by `npm run seed` on an empty database:
 * tenant `demo` (Demo Logistics) with one user per role, and a second tenant `acme`. Every
 * demo password is Demo12345.
 */
import { eq } from 'drizzle-orm';
import type { UserRole } from '@shared/domain/roles.js';
import { withTenant, type Db, type TenantTx } from '../db/client.js';
import {
  baseRoleId,
  departments,
  hashPassword,
  userDeparts,
  userRoles,
  users,
} from '../modules/identity/index.js';
import { allTenantIds, createTenant } from '../provision.js';
import { seedDemoHelpDesk, seedDemoQuestions, seedOtherTenantVideos } from './demo-help-desk.js';
import { writeDemoPhotos } from './demo-photos.js';
import { seedDemoWarehouses } from './demo-warehouse.js';
import { seedDemoChannels, seedDemoSelfShipped } from './demo-logistics.js';
import { seedDemoWaves } from './demo-waves.js';
import { seedAcmeOrders, seedDemoOrders } from './demo-orders.js';
import type { FileStorage } from '../modules/files/index.js';
import { demoWebSite } from './demo-website.js';

export const DEMO_PASSWORD = 'Demo12345';

export interface DemoLogin {
  tenant: string;
  username: string;
  role: UserRole;
  realname: string;
  phone: string;
  departs: string[];
  sellerOf?: string;
}

export const DEMO_LOGINS: readonly DemoLogin[] = [
  {
    tenant: 'demo',
    username: 'admin',
    role: 'admin',
    realname: 'System Administrator',
    phone: '13800000000',
    departs: ['A01'],
  },
  {
    tenant: 'demo',
    username: 'agent',
    role: 'agent_manager',
    realname: 'Alice Agent',
    phone: '13800000001',
    departs: ['A01', 'A01A01'],
  },
  {
    tenant: 'demo',
    username: 'seller',
    role: 'seller',
    realname: 'Sam Seller',
    phone: '13800000002',
    departs: ['A01A02'],
  },
  {
    tenant: 'demo',
    username: 'seller2',
    role: 'seller',
    realname: 'Sara Seller',
    phone: '13800000003',
    departs: ['A01A02'],
  },
  {
    tenant: 'demo',
    username: 'sellerstaff',
    role: 'seller_staff',
    realname: 'Steve Staff',
    phone: '13800000004',
    departs: ['A01A02'],
    sellerOf: 'seller',
  },
  {
    tenant: 'demo',
    username: 'waremanager',
    role: 'ware_manager',
    realname: 'Wendy Warehouse',
    phone: '13800000005',
    departs: ['A01A03'],
  },
  {
    tenant: 'demo',
    username: 'warestaff',
    role: 'ware_staff',
    realname: 'Will Picker',
    phone: '13800000006',
    departs: ['A01A03'],
  },
  {
    tenant: 'demo',
    username: 'service',
    role: 'customer_service',
    realname: 'Cathy Service',
    phone: '13800000007',
    departs: ['A01A01'],
  },
  {
    tenant: 'acme',
    username: 'acme-agent',
    role: 'agent_manager',
    realname: 'Acme Agent',
    phone: '13900000001',
    departs: ['A01'],
  },
  {
    tenant: 'acme',
    username: 'acme-seller',
    role: 'seller',
    realname: 'Acme Seller',
    phone: '13900000002',
    departs: ['A01A02'],
  },
];

const DEPARTMENTS = (company: string) => [
  { orgCode: 'A01', departName: company, parent: null },
  { orgCode: 'A01A01', departName: 'Operations and customer service', parent: 'A01' },
  { orgCode: 'A01A02', departName: 'Sellers', parent: 'A01' },
  { orgCode: 'A01A03', departName: 'Warehouse', parent: 'A01' },
];

async function createDepartments(tx: TenantTx, company: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [index, depart] of DEPARTMENTS(company).entries()) {
    const parentId = depart.parent ? ids.get(depart.parent) : undefined;
    const [row] = await tx
      .insert(departments)
      .values({
        orgCode: depart.orgCode,
        departName: depart.departName,
        parentId: parentId ?? null,
        sortNo: index,
      })
      .returning({ id: departments.id });
    if (row) ids.set(depart.orgCode, row.id);
  }
  return ids;
}

async function createDemoUsers(tx: TenantTx, tenant: string, passwordHash: string): Promise<void> {
  const departIds = await createDepartments(tx, tenant === 'demo' ? 'Demo Logistics' : 'Acme Fulfilment');
  const userIds = new Map<string, string>();
  for (const login of DEMO_LOGINS.filter((entry) => entry.tenant === tenant)) {
    const sellerId = login.sellerOf ? userIds.get(login.sellerOf) : undefined;
    const [user] = await tx
      .insert(users)
      .values({
        username: login.username,
        realname: login.realname,
        nickname: login.realname.split(' ')[0] ?? login.realname,
        phone: login.phone,
        email: `${login.username}@${tenant}.example.com`,
        passwordHash,
        userRole: login.role,
        sellerId: sellerId ?? null,
        orgCode: login.departs[0] ?? null,
      })
      .returning({ id: users.id });
    if (!user) continue;
    userIds.set(login.username, user.id);
    if (login.role === 'seller')
      await tx.update(users).set({ sellerId: user.id }).where(eq(users.id, user.id));
    for (const orgCode of login.departs) {
      const departId = departIds.get(orgCode);
      if (departId) await tx.insert(userDeparts).values({ userId: user.id, departId });
    }
    const roleId = await baseRoleId(tx, login.role);
    if (roleId) await tx.insert(userRoles).values({ userId: user.id, roleId });
  }
}

/**
 * Creates the demo tenants unless the database already has tenants. Returns whether it did.
 * With a file storage, the demo products' photos are written too.
 */
export async function seedDemo(db: Db, options: { files?: FileStorage } = {}): Promise<boolean> {
  if ((await allTenantIds(db)).length > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const demoId = await createTenant(db, {
    agentCode: 'demo',
    name: 'Demo Logistics',
    title: 'Demo Logistics',
    domains: ['localhost', '127.0.0.1', 'demo.localhost'],
    logo: '/branding/demo-logo.svg',
    iconUrl: '/branding/demo-icon.svg',
    homeUrl: 'https://demo-logistics.example.com',
    homeImg: '/branding/demo-home.svg',
    friendName: 'Demo Logistics Tech',
    friendLink: 'https://demo-logistics.example.com/tech',
    helpLink: 'https://demo-logistics.example.com/help',
    beianhao: 'Demo ICP 2026000001',
    showAgentLink: true,
    webSite: demoWebSite,
  });
  await withTenant(db, demoId, (tx) => createDemoUsers(tx, 'demo', passwordHash));
  await withTenant(db, demoId, seedDemoHelpDesk);
  await withTenant(db, demoId, seedDemoWarehouses);
  await withTenant(db, demoId, seedDemoOrders);
  await withTenant(db, demoId, seedDemoChannels);
  await withTenant(db, demoId, seedDemoSelfShipped);
  await withTenant(db, demoId, seedDemoWaves);
  await withTenant(db, demoId, seedDemoQuestions);
  const acmeId = await createTenant(db, {
    agentCode: 'acme',
    name: 'Acme Fulfilment',
    title: 'Acme Fulfilment',
    domains: ['acme.localhost'],
    homeUrl: 'https://acme-fulfilment.example.com',
  });
  await withTenant(db, acmeId, (tx) => createDemoUsers(tx, 'acme', passwordHash));
  await withTenant(db, acmeId, seedOtherTenantVideos);
  await withTenant(db, acmeId, seedAcmeOrders);
  await withTenant(db, acmeId, seedDemoChannels);
  if (options.files) await writeDemoFiles(db, options.files);
  return true;
}

/** Writes the files the demo data names: every seller's demo photos; files already there are kept. */
export async function writeDemoFiles(db: Db, files: FileStorage): Promise<void> {
  for (const tenantId of await allTenantIds(db)) {
    const sellerIds = await withTenant(db, tenantId, async (tx) =>
      (await tx.select({ id: users.id }).from(users).where(eq(users.userRole, 'seller'))).map(
        (row) => row.id,
      ),
    );
    for (const sellerId of sellerIds) await writeDemoPhotos(files, tenantId, sellerId);
  }
}
