/**
 * The orders bench's world, made with set-based SQL as the database owner on a migrated and
 * seeded database: more tenants beside the demo ones (100 in all by default), a few sellers each
 * with their own SKUs, a warehouse or two, and `total` marketplace orders shared between the
 * tenants by a long tail (tenant rank r gets a share ∝ r^-0.7: the demo tenant is the biggest,
 * about a tenth of all orders). Each order has 1–3 lines and:
 * - an order time over the last year, more of them recent;
 * - a local status that follows its age (recent: to review, pending, some shipped; older:
 *   completed, cancelled, returned, a few still in transit or stuck pending), its paid, ship-by,
 *   shipped and cancelled times to match;
 * - a marketplace order number and a system order id unique in its tenant, the system ids
 *   numbered per day after what the tenant's counter had, and the counters moved on past them;
 * - a tracking number, unique in its tenant, once it is shipped (and for some pending ones);
 * - an open exception (problem tab) for a few, out of stock for some pending ones.
 * Status history is not written: the list does not read it. Foreign keys are not checked row
 * by row while the orders and lines go in (session_replication_role = replica): every key is
 * taken from the rows it points to. Triggers are off with them, so the list's kept tab counts
 * are counted afterwards (app_order_tab_counts_rebuild, migration 0038).
 */
import type pg from 'pg';

export interface OrdersWorld {
  tenants: number;
  orders: number;
  lines: number;
  demoOrders: number;
  seconds: number;
}

const TENANT_WEIGHT_EXPONENT = 0.7;

export async function generateOrdersWorld(
  owner: pg.ClientBase,
  options: { tenants: number; orders: number },
): Promise<OrdersWorld> {
  const started = process.hrtime.bigint();
  const run = (text: string, values: unknown[] = []) => owner.query(text, values);
  await run(`set work_mem = '256MB'`);
  await run(`set maintenance_work_mem = '512MB'`);
  const { rows: existing } = await run('select count(*)::int as n from tenants');
  const extra = Math.max(0, options.tenants - Number(existing[0]?.n ?? 0));
  await run(
    `insert into tenants (agent_code, name, title)
     select 'bench' || lpad(n::text, 3, '0'), 'Bench Fulfilment ' || n, 'Bench Fulfilment ' || n
     from generate_series(1, $1::int) n`,
    [extra],
  );
  // Ranks: demo first (the biggest), acme second, then the rest.
  await run(`
    create temp table bench_tenants on commit preserve rows as
    select id as tenant_id, row_number() over (order by agent_code <> 'demo', agent_code <> 'acme', agent_code)::int as rank,
      0::bigint as orders, 0::bigint as first_g
    from tenants`);
  await run(
    `with w as (select tenant_id, power(rank, -$2::float8) as weight from bench_tenants),
          s as (select sum(weight) as total from w)
     update bench_tenants t set orders = floor($1::bigint * w.weight / s.total) from w, s where w.tenant_id = t.tenant_id`,
    [options.orders, TENANT_WEIGHT_EXPONENT],
  );
  await run(
    `update bench_tenants set orders = orders + ($1::bigint - (select sum(orders) from bench_tenants)) where rank = 1`,
    [options.orders],
  );
  await run(`
    with c as (select tenant_id, sum(orders) over (order by rank) - orders as first_g from bench_tenants)
    update bench_tenants t set first_g = c.first_g from c where c.tenant_id = t.tenant_id`);

  // Sellers: two to four more in every tenant; a seller is their own seller_id.
  await run(`
    insert into users (tenant_id, username, realname, password_hash, user_role)
    select t.tenant_id, 'bench-seller-' || s, 'Bench Seller ' || s, '!', 'seller'
    from bench_tenants t, generate_series(1, 2 + t.rank % 3) s`);
  await run(`update users set seller_id = id where user_role = 'seller' and seller_id is null`);
  // A warehouse or two where a tenant has none.
  await run(`
    insert into warehouses (tenant_id, code, name, country, time_zone)
    select t.tenant_id, 'BW' || w, 'Bench warehouse ' || w, 'TH', 'Asia/Bangkok'
    from bench_tenants t, generate_series(1, 1 + t.rank % 2) w
    where not exists (select 1 from warehouses x where x.tenant_id = t.tenant_id)`);
  // Ten products of two SKUs for every seller.
  await run(`
    insert into products (tenant_id, seller_id, name)
    select u.tenant_id, u.id, 'Bench product ' || p
    from users u join bench_tenants t on t.tenant_id = u.tenant_id, generate_series(1, 10) p
    where u.user_role = 'seller'`);
  await run(`
    insert into skus (tenant_id, product_id, seller_id, seller_sku, sys_code)
    select p.tenant_id, p.id, p.seller_id, 'BENCH-' || p.n || '-' || v,
      'BENCH' || lpad((row_number() over (partition by p.tenant_id order by p.seller_id, p.n, v))::text, 7, '0')
    from (select tenant_id, id, seller_id, row_number() over (partition by seller_id order by id) as n
          from products where name like 'Bench product %') p, generate_series(1, 2) v`);

  await run(`
    create temp table bench_sellers on commit preserve rows as
    select t.tenant_id, array_agg(u.id order by u.id) as sellers,
      (select array_agg(w.id order by w.code) from warehouses w where w.tenant_id = t.tenant_id) as warehouses
    from bench_tenants t join users u on u.tenant_id = t.tenant_id and u.user_role = 'seller'
    group by t.tenant_id`);
  await run(`
    create temp table bench_skus on commit preserve rows as
    select seller_id, array_agg(id order by id) as skus from skus where seller_sku like 'BENCH-%' group by seller_id`);

  await run('set session_replication_role = replica');
  try {
    await insertOrders(run);
  } finally {
    await run('set session_replication_role = origin');
  }
  // The triggers keeping the list's tab counts were off with the foreign keys: counted once here.
  await run('select app_order_tab_counts_rebuild()');

  // The counters continue after the highest id given on each day.
  await run(`
    insert into order_counters (tenant_id, day, last_value)
    select tenant_id, to_date(substr(system_no, 3, 8), 'YYYYMMDD'), max(substr(system_no, 11)::int)
    from orders group by 1, 2
    on conflict (tenant_id, day) do update set last_value = greatest(order_counters.last_value, excluded.last_value)`);
  await run('vacuum analyze orders');
  await run('vacuum analyze order_lines');
  await run('vacuum analyze order_exceptions');
  await run('vacuum analyze order_tab_counts');
  await run('vacuum analyze order_tab_day_counts');
  await run('analyze');
  return { ...(await countOrdersWorld(owner)), seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** The orders world a database holds (a kept one, reused): its sizes, made in no time. */
export async function countOrdersWorld(owner: pg.ClientBase): Promise<OrdersWorld> {
  const { rows } = await owner.query(`
    select (select count(*) from tenants)::int as tenants, (select count(*) from orders)::int as orders,
      (select count(*) from order_lines)::int as lines,
      (select count(*) from orders o join tenants t on t.id = o.tenant_id and t.agent_code = 'demo')::int as demo`);
  const counted = rows[0] as { tenants: number; orders: number; lines: number; demo: number };
  return {
    tenants: counted.tenants,
    orders: counted.orders,
    lines: counted.lines,
    demoOrders: counted.demo,
    seconds: 0,
  };
}

async function insertOrders(run: (text: string, values?: unknown[]) => Promise<pg.QueryResult>) {
  // One row per order: its tenant, its index k in the tenant, an age in days (more recent ones
  // more likely), three random draws; then its status from its age.
  await run(`
    create temp table bench_orders on commit preserve rows as
    with g as (
      select t.tenant_id, (g - t.first_g)::int as k, gen_random_uuid() as id,
        365 * power(random(), 1.6) as age, random() as r1, random() as r2, random() as r3
      from bench_tenants t, generate_series(t.first_g + 1, t.first_g + t.orders) g
    ), s as (
      select g.*, now() - make_interval(secs => g.age * 86400) as ordered_at,
        case
          when g.age < 1 then case
            when g.r1 < 0.05 then 'unpaid' when g.r1 < 0.40 then 'to_review' when g.r1 < 0.80 then 'pending_shipment'
            when g.r1 < 0.82 then 'in_cancellation' when g.r1 < 0.94 then 'shipped' else 'cancelled' end
          when g.age < 4 then case
            when g.r1 < 0.04 then 'to_review' when g.r1 < 0.16 then 'pending_shipment' when g.r1 < 0.50 then 'shipped'
            when g.r1 < 0.78 then 'in_transit' when g.r1 < 0.90 then 'to_confirm_receipt' else 'cancelled' end
          else case
            when g.r1 < 0.005 then 'pending_shipment' when g.r1 < 0.02 then 'in_transit' when g.r1 < 0.06 then 'delivered'
            when g.r1 < 0.08 then 'to_return' when g.r1 < 0.18 then 'cancelled' else 'completed' end
        end as local_status
      from g
    )
    select s.*, b.sellers[1 + (s.k % cardinality(b.sellers))] as seller_id,
      b.warehouses[1 + ((s.k / 7) % cardinality(b.warehouses))] as warehouse_id,
      (array['shopee', 'shopee', 'lazada', 'tiktok', 'manual'])[1 + (s.k % 5)] as platform,
      case when s.r2 < 0.55 then 'single_single' when s.r2 < 0.70 then 'single_multi' else 'multi' end as parcel_type,
      coalesce(c.last_value, 0) + row_number() over (
        partition by s.tenant_id, (s.ordered_at at time zone 'UTC')::date order by s.ordered_at, s.k) as day_no
    from s join bench_sellers b on b.tenant_id = s.tenant_id
    left join order_counters c on c.tenant_id = s.tenant_id and c.day = (s.ordered_at at time zone 'UTC')::date`);
  await run(`
    insert into orders (tenant_id, id, order_no, system_no, seller_id, warehouse_id, platform, shop_id, shop_name,
      order_type, platform_status, local_status, buyer_name, recipient_name, recipient_phone, recipient_address,
      ship_by, ordered_at, paid_at, shipped_at, cancelled_at, tracking_no, logistics_channel, parcel_type, currency,
      tags, open_exceptions, created_at, updated_at)
    select o.tenant_id, o.id,
      case when o.platform = 'manual' then 'M' || lpad(o.k::text, 8, '0')
        else to_char(o.ordered_at, 'YYMMDD') || lpad(o.k::text, 8, '0') end,
      'SO' || to_char(o.ordered_at at time zone 'UTC', 'YYYYMMDD') || lpad(o.day_no::text, 6, '0'),
      o.seller_id, o.warehouse_id, o.platform,
      case when o.platform = 'manual' then '' else 'shop-' || o.platform || '-' || substr(o.seller_id::text, 1, 8) end,
      case when o.platform = 'manual' then '' else initcap(o.platform) || ' TH ' || substr(o.seller_id::text, 1, 4) end,
      'stock',
      case when o.platform = 'manual' then '' else case o.local_status
        when 'unpaid' then 'UNPAID' when 'to_review' then 'READY_TO_SHIP' when 'pending_shipment' then 'READY_TO_SHIP'
        when 'in_cancellation' then 'IN_CANCEL' when 'cancelled' then 'CANCELLED' when 'completed' then 'COMPLETED'
        when 'to_return' then 'TO_RETURN' else 'SHIPPED' end end,
      o.local_status,
      'buyer_' || (o.k % 9973), 'Recipient ' || (o.k % 9973), '08' || lpad((o.k % 100000000)::text, 8, '0'),
      (o.k % 500) || ' Sukhumvit Road, Khlong Toei, Bangkok 10110',
      case when o.local_status <> 'unpaid' then o.ordered_at + make_interval(hours => 48 + (o.r3 * 24)::int) end,
      o.ordered_at,
      case when o.local_status <> 'unpaid' then o.ordered_at + interval '5 minutes' end,
      case when o.local_status in ('shipped', 'in_transit', 'to_confirm_receipt', 'delivered', 'completed', 'to_return')
        then least(now(), o.ordered_at + make_interval(hours => 20 + (o.r3 * 30)::int)) end,
      case when o.local_status = 'cancelled' then least(now(), o.ordered_at + interval '3 hours') end,
      case when o.local_status in ('shipped', 'in_transit', 'to_confirm_receipt', 'delivered', 'completed', 'to_return')
          or (o.local_status = 'pending_shipment' and o.r3 < 0.5)
        then 'SPXTH' || lpad(o.k::text, 10, '0') else '' end,
      case o.platform when 'shopee' then 'Shopee Xpress' when 'lazada' then 'LEX' when 'tiktok' then 'J&T Express'
        else 'Flash Express' end,
      o.parcel_type, 'THB',
      case when o.local_status in ('to_review', 'pending_shipment') and o.r3 > 0.97 then
        case when o.local_status = 'pending_shipment' then array['out_of_stock', 'problem'] else array['problem'] end
        else '{}'::text[] end,
      case when o.local_status in ('to_review', 'pending_shipment') and o.r3 > 0.97 then 1 else 0 end,
      o.ordered_at, o.ordered_at
    from bench_orders o`);
  await run(`
    insert into order_lines (tenant_id, order_id, seller_id, sku_id, quantity, unit_price, position)
    select o.tenant_id, o.id, o.seller_id,
      s.skus[1 + ((abs(hashtext(o.id::text)) + p * 7) % cardinality(s.skus))],
      case when o.parcel_type = 'single_multi' then 2 else 1 end,
      1000 + (abs(hashtext(o.id::text || p)) % 49000), p - 1
    from bench_orders o join bench_skus s on s.seller_id = o.seller_id,
      generate_series(1, case when o.parcel_type = 'multi' then 2 + (o.k % 2) else 1 end) p`);
  await run(`
    insert into order_exceptions (tenant_id, order_id, reason, note, created_at)
    select o.tenant_id, o.id, case when o.local_status = 'pending_shipment' then 'out_of_stock' else 'address_incomplete' end,
      'bench', o.ordered_at
    from bench_orders o
    where o.local_status in ('to_review', 'pending_shipment') and o.r3 > 0.97`);
  await run('drop table bench_orders');
}
