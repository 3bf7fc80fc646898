/**
 * Demo warehouses, products and stock for the demo tenant, made through the services so the
 * ledger is whole: DG01 in Dongguan (warehouse manager and worker) and BKK1 in Bangkok
 * (warehouse manager only), with partitions and shelves; products of the demo sellers; stock
 * received on several dates so the stock list shows every age bucket.
 */
import { demoPhotoKey } from './demo-photos.js';
import { seedDemoCount } from './demo-counts.js';
import { seedDemoInbound } from './demo-inbound.js';
import { eq } from 'drizzle-orm';
import type { LocationView } from '@shared/contract/warehouse.js';
import { gtinCheckDigit } from '@shared/domain/barcode.js';
import type { LocationType } from '@shared/domain/warehouse.js';
import type { TenantTx } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { addProduct } from '../modules/catalog/index.js';
import { users } from '../modules/identity/index.js';
import { moveStock, receiveStock, reserveStock } from '../modules/inventory/index.js';
import { createTransfer } from '../modules/transfers/index.js';
import { locationOccupancy } from '../modules/inventory/index.js';
import { addLocations, addPartition, addWarehouse, assignStaff } from '../modules/warehouse/index.js';

function sellerIdOf(actor: Actor): string {
  if (!actor.sellerId) throw new Error(`demo user ${actor.username} is not a seller`);
  return actor.sellerId;
}

/** A demo user as the actor of seeding work (no session, no permission codes needed by services). */
export async function actorOf(tx: TenantTx, username: string): Promise<Actor> {
  const [user] = await tx.select().from(users).where(eq(users.username, username));
  if (!user) throw new Error(`demo user ${username} is missing`);
  return {
    tenantId: user.tenantId,
    userId: user.id,
    sessionId: '00000000-0000-0000-0000-000000000000',
    username: user.username,
    userRole: user.userRole,
    sellerId: user.sellerId,
    orgCode: user.orgCode,
    permissions: new Set(),
    isAdmin: user.userRole === 'admin',
  };
}

/** A valid EAN-13 from its first twelve digits. */
const ean13 = (body: string) => `${body}${gtinCheckDigit(body)}`;

interface ZoneSeed {
  code: string;
  name: string;
  type: LocationType;
  capacity: number | null;
  codes: string[];
}

const range = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix}${String(index + 1).padStart(2, '0')}`);

const DG01_ZONES: ZoneSeed[] = [
  { code: 'RCV', name: 'Receiving area', type: 'receiving', capacity: null, codes: ['RCV-01', 'RCV-02'] },
  {
    code: 'A',
    name: 'Zone A storage',
    type: 'storage',
    capacity: 200,
    codes: [...range('A-01-', 5), ...range('A-02-', 5)],
  },
  { code: 'B', name: 'Zone B picking', type: 'picking', capacity: 50, codes: range('B-01-', 4) },
  { code: 'RET', name: 'Returns', type: 'returns', capacity: null, codes: ['RET-01'] },
  { code: 'DMG', name: 'Damaged goods', type: 'damaged', capacity: null, codes: ['DMG-01'] },
];

const BKK1_ZONES: ZoneSeed[] = [
  { code: 'RCV', name: 'Receiving area', type: 'receiving', capacity: null, codes: ['RCV-01'] },
  { code: 'A', name: 'Zone A storage', type: 'storage', capacity: 300, codes: range('A-01-', 3) },
];

async function seedZones(tx: TenantTx, actor: Actor, warehouseId: string, zones: ZoneSeed[]) {
  const byCode = new Map<string, LocationView>();
  for (const zone of zones) {
    const partition = await addPartition(tx, actor, { warehouseId, code: zone.code, name: zone.name });
    const locations = await addLocations(
      tx,
      actor,
      {
        warehouseId,
        partitionId: partition.id,
        codes: zone.codes,
        locationType: zone.type,
        capacity: zone.capacity,
      },
      locationOccupancy,
    );
    for (const location of locations) byCode.set(location.code, location);
  }
  return byCode;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

export async function seedDemoWarehouses(tx: TenantTx): Promise<void> {
  const admin = await actorOf(tx, 'admin');
  const dg01 = await addWarehouse(tx, admin, {
    code: 'DG01',
    name: 'Dongguan warehouse',
    country: 'CN',
    address: '88 Songshan Lake Avenue, Dongguan, Guangdong',
    timeZone: 'Asia/Shanghai',
    contactName: 'Wendy Warehouse',
    contactPhone: '13800000005',
    isActive: true,
  });
  const bkk1 = await addWarehouse(tx, admin, {
    code: 'BKK1',
    name: 'Bangkok warehouse',
    country: 'TH',
    address: '99 Bang Na-Trat Road, Bang Na, Bangkok',
    timeZone: 'Asia/Bangkok',
    contactName: 'Wendy Warehouse',
    contactPhone: '13800000005',
    isActive: true,
  });
  const manager = await actorOf(tx, 'waremanager');
  const worker = await actorOf(tx, 'warestaff');
  await assignStaff(tx, admin, { warehouseId: dg01.id, userIds: [manager.userId, worker.userId] });
  await assignStaff(tx, admin, { warehouseId: bkk1.id, userIds: [manager.userId] });
  const dgLocations = await seedZones(tx, admin, dg01.id, DG01_ZONES);
  const bkkLocations = await seedZones(tx, admin, bkk1.id, BKK1_ZONES);

  const seller = await actorOf(tx, 'seller');
  const tshirt = await addProduct(tx, seller, {
    name: 'Cotton T-shirt',
    photos: [demoPhotoKey(sellerIdOf(seller), 't-shirt')],
    hsCode: '610910',
    declaredName: 'Cotton T-shirt',
    declaredValue: 3500,
    declaredCurrency: 'CNY',
    skus: [
      { sku: 'TS-BLK-M', variation: 'Black / M', barcode: '690000000001', weight: 180 },
      { sku: 'TS-BLK-L', variation: 'Black / L', barcode: '690000000002', weight: 190 },
      { sku: 'TS-WHT-M', variation: 'White / M', barcode: '690000000003', weight: 180 },
    ].map((item) => ({
      sellerSku: item.sku,
      customCode: null,
      localCode: `L-${item.sku}`,
      variation: item.variation,
      barcodes: [ean13(item.barcode)],
      weightG: item.weight,
      lengthMm: 300,
      widthMm: 250,
      heightMm: 20,
      cost: 1800,
      costCurrency: 'CNY' as const,
      safetyStock: 20,
    })),
  });
  const phoneCase = await addProduct(tx, seller, {
    name: 'Clear phone case',
    photos: [demoPhotoKey(sellerIdOf(seller), 'phone-case')],
    hsCode: '392690',
    declaredName: 'Plastic phone case',
    declaredValue: 1200,
    declaredCurrency: 'CNY',
    skus: [
      {
        sellerSku: 'PC-IP15-CLR',
        customCode: 'CASE15',
        localCode: 'L-PC-IP15',
        variation: 'iPhone 15 / Clear',
        barcodes: [ean13('690000000010')],
        weightG: 40,
        lengthMm: 160,
        widthMm: 80,
        heightMm: 15,
        cost: 500,
        costCurrency: 'CNY',
        safetyStock: 50,
      },
    ],
  });
  const seller2 = await actorOf(tx, 'seller2');
  const mug = await addProduct(tx, seller2, {
    name: 'Ceramic mug',
    photos: [demoPhotoKey(sellerIdOf(seller2), 'mug')],
    hsCode: '691200',
    declaredName: 'Ceramic mug',
    declaredValue: 90000,
    declaredCurrency: 'THB',
    skus: [
      {
        sellerSku: 'MUG-WHT',
        customCode: null,
        localCode: null,
        variation: 'White 350 ml',
        barcodes: [ean13('885000000001')],
        weightG: 320,
        lengthMm: 120,
        widthMm: 90,
        heightMm: 100,
        cost: 4500,
        costCurrency: 'THB',
        safetyStock: 10,
      },
    ],
  });

  const location = (byCode: Map<string, LocationView>, code: string) => {
    const found = byCode.get(code);
    if (!found) throw new Error(`demo location ${code} is missing`);
    return found.id;
  };
  const inbound = { type: 'demo', id: 'DEMO-IN-1' };
  const receipts = [
    {
      sku: tshirt.skus[0],
      shelf: 'A-01-01',
      lots: [
        [120, 200],
        [60, 40],
        [10, 30],
      ],
    },
    {
      sku: tshirt.skus[1],
      shelf: 'A-01-02',
      lots: [
        [200, 80],
        [20, 15],
      ],
    },
    { sku: tshirt.skus[2], shelf: 'B-01-01', lots: [[35, 12]] },
    {
      sku: phoneCase.skus[0],
      shelf: 'B-01-02',
      lots: [
        [95, 50],
        [5, 50],
      ],
    },
  ] as const;
  for (const receipt of receipts) {
    if (!receipt.sku) continue;
    for (const [age, quantity] of receipt.lots) {
      const common = { warehouseId: dg01.id, skuId: receipt.sku.id, quantity, source: inbound };
      await receiveStock(tx, manager, {
        ...common,
        locationId: location(dgLocations, 'RCV-01'),
        receivedAt: daysAgo(age),
      });
      await moveStock(tx, manager, {
        ...common,
        kind: 'shelve_move',
        fromLocationId: location(dgLocations, 'RCV-01'),
        toLocationId: location(dgLocations, receipt.shelf),
      });
    }
  }
  const firstTshirt = tshirt.skus[0];
  if (firstTshirt)
    await reserveStock(tx, admin, {
      warehouseId: dg01.id,
      skuId: firstTshirt.id,
      quantity: 5,
      source: { type: 'order', id: 'DEMO-ORDER-1' },
    });
  const mugSku = mug.skus[0];
  if (mugSku) {
    await receiveStock(tx, manager, {
      warehouseId: bkk1.id,
      skuId: mugSku.id,
      locationId: location(bkkLocations, 'A-01-01'),
      quantity: 24,
      receivedAt: daysAgo(40),
      source: inbound,
    });
  }
  await seedDemoInbound(tx, seller, dg01.id, [...tshirt.skus, ...phoneCase.skus]);
  const [firstShirt] = tshirt.skus;
  if (firstShirt)
    await seedDemoCount(
      tx,
      { manager, worker },
      dg01.id,
      { counted: location(dgLocations, 'A-01-01'), waiting: location(dgLocations, 'A-01-02') },
      // 200 + 40 + 30 lie there (the receipts above): one is missing.
      { skuId: firstShirt.id, quantity: 269 },
    );
  const [, secondShirt] = tshirt.skus;
  // A transfer to Bangkok waiting for its audit (by someone other than the administrator).
  if (secondShirt)
    await createTransfer(tx, admin, {
      fromWarehouseId: dg01.id,
      toWarehouseId: bkk1.id,
      note: 'Demo: stock for the Bangkok warehouse',
      lines: [{ skuId: secondShirt.id, locationId: location(dgLocations, 'A-01-02'), quantity: 10 }],
    });
}
