import { type Kysely, sql } from 'kysely'
import { columnTypes, dialectOf, type MigrationDialect } from '../../migration-helpers'

// The dashboard's day totals (docs/decisions/0144): per UTC day, what the dashboard would otherwise
// sum over every order, order line and refund of a year. Triggers keep them in the same transaction as
// the row they follow, whichever code path writes it (checkout, webhooks, refunds, staff, seeds):
// - `sales_days`: orders paid that day (count, total, discount), processed refunds settled that day,
//   checkouts created that day and how many of them are paid now;
// - `order_status_days`: orders created that day, by their status now;
// - `product_sales_days`: per product, the lines of orders paid that day (after discounts, units);
// - `product_sales_months`: the same per UTC month (a year's top products sums a dozen months);
// - `customer_firsts`: each buyer's first paid order (so "new customers" is a range count);
// - `first_replies`: each quote's or contact's arrival and seconds to its first staff reply.
// Every trigger on orders, lines and refunds takes the old row's contribution off and puts the new row's on, so an update, a status
// change or a delete keeps the totals equal to the rows. A day is the UTC date of the timestamp; the
// dashboard adds the partial days at a range's ends from the rows themselves.

type Ref = 'new' | 'old'

const dayOf = (d: MigrationDialect, column: string) =>
  d === 'postgres' ? `((${column} at time zone 'UTC')::date)` : `substr(${column}, 1, 10)`

/** The first day of the timestamp's UTC month, as `dayOf` writes days. */
const monthOf = (d: MigrationDialect, column: string) =>
  d === 'postgres'
    ? `(date_trunc('month', ${column} at time zone 'UTC')::date)`
    : `(substr(${column}, 1, 8) || '01')`

const flag = (condition: string) => `(case when ${condition} then 1 else 0 end)`

/** `insert … on conflict do update` adding each column's value to the day's row. */
function addTo(table: string, keys: string[], columns: string[], select: string): string {
  const set = columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')
  return `insert into ${table} (${[...keys, ...columns].join(', ')}) ${select}
    on conflict (${keys.join(', ')}) do update set ${set};`
}

/** What one order row adds to (sign 1) or takes from (sign -1) the totals, its lines aside. */
function orderRow(d: MigrationDialect, r: Ref, sign: number): string {
  const created = dayOf(d, `${r}."createdAt"`)
  const paid = dayOf(d, `${r}.paid_at`)
  return [
    addTo(
      'sales_days',
      ['day'],
      ['checkouts_started', 'checkouts_paid'],
      `select ${created}, ${sign}, ${sign} * ${flag(`${r}.paid_at is not null`)} where 1 = 1`,
    ),
    addTo(
      'sales_days',
      ['day'],
      ['paid_orders', 'revenue', 'discounts'],
      `select ${paid}, ${sign}, ${sign} * ${r}.total, ${sign} * ${r}.discount_total where ${r}.paid_at is not null`,
    ),
    addTo(
      'order_status_days',
      ['day', 'status'],
      ['orders'],
      `select ${created}, ${r}.status, ${sign} where 1 = 1`,
    ),
  ].join('\n')
}

/** The product totals of a day and of its month, each from the same select of (key, product, revenue, units). */
function productTotals(d: MigrationDialect, paidAt: string, select: (key: string) => string): string {
  const columns = ['revenue', 'quantity']
  return [
    addTo('product_sales_days', ['day', 'product_id'], columns, select(dayOf(d, paidAt))),
    addTo('product_sales_months', ['month', 'product_id'], columns, select(monthOf(d, paidAt))),
  ].join('\n')
}

/** What an order's lines add to or take from the product totals of its paid day and month. */
function orderLines(d: MigrationDialect, r: Ref, sign: number): string {
  return productTotals(
    d,
    `${r}.paid_at`,
    (
      key,
    ) => `select ${key}, l.product_id, ${sign} * sum(l.amount * l.quantity - l.discount), ${sign} * sum(l.quantity)
    from product_orders l where l.order_id = ${r}.id and ${r}.paid_at is not null group by l.product_id`,
  )
}

/** What one line adds to or takes from its product's totals on its order's paid day and month. */
function lineRow(d: MigrationDialect, r: Ref, sign: number): string {
  return productTotals(
    d,
    'o.paid_at',
    (key) => `select ${key}, ${r}.product_id, ${sign} * (${r}.amount * ${r}.quantity - ${r}.discount),
      ${sign} * ${r}.quantity
    from orders o where o.id = ${r}.order_id and o.paid_at is not null`,
  )
}

/** Whole seconds from an entry's arrival (`e`) to its first reply (`min(m.created_at)`). */
const secondsToReply = (d: MigrationDialect) =>
  d === 'postgres'
    ? `round(extract(epoch from (min(m.created_at) - e."createdAt")))`
    : `cast(round((julianday(min(m.created_at)) - julianday(e."createdAt")) * 86400) as integer)`

/** An entry's first staff reply, counted again from its messages: a row while it has one. */
function recountReply(d: MigrationDialect, r: Ref, entry: 'quote' | 'contact'): string {
  const table = entry === 'quote' ? 'quote_requests' : 'contacts'
  const seconds = secondsToReply(d)
  return `delete from first_replies where entry_id = ${r}.${entry}_id;
  insert into first_replies (entry_id, arrived_at, seconds)
    select e.id, e."createdAt", ${seconds} from ${table} e join inbox_messages m on m.${entry}_id = e.id
    where e.id = ${r}.${entry}_id and m.kind = 'reply' group by e.id, e."createdAt";`
}

const recountReplies = (d: MigrationDialect, r: Ref) =>
  [recountReply(d, r, 'quote'), recountReply(d, r, 'contact')].join('\n')

function refundRow(d: MigrationDialect, r: Ref, sign: number): string {
  return addTo(
    'sales_days',
    ['day'],
    ['refunds'],
    `select ${dayOf(d, `${r}."updatedAt"`)}, ${sign} * ${r}.amount where ${r}.status = 'processed'`,
  )
}

/** A buyer's first paid order: the earlier of the two on a payment; recounted when one goes away. */
function firstPaidOn(d: MigrationDialect, r: Ref): string {
  const earlier = d === 'postgres' ? 'least' : 'min'
  return `insert into customer_firsts (user_id, paid_at)
    select ${r}.user_id, ${r}.paid_at where ${r}.paid_at is not null
    on conflict (user_id) do update set paid_at = ${earlier}(customer_firsts.paid_at, excluded.paid_at);`
}
const recountFirst = (r: Ref) =>
  `delete from customer_firsts where user_id = ${r}.user_id;
  insert into customer_firsts (user_id, paid_at)
    select user_id, min(paid_at) from orders where user_id = ${r}.user_id and paid_at is not null group by user_id;`

/** The columns whose change moves an order's totals; other updates (updatedAt) leave them alone. */
const ORDER_MOVES = ['status', 'paid_at', 'total', 'discount_total', '"createdAt"', 'user_id']
const LINE_MOVES = ['product_id', 'order_id', 'quantity', 'amount', 'discount']
const REPLY_MOVES = ['kind', 'quote_id', 'contact_id', 'created_at']
const REFUND_MOVES = ['status', '"updatedAt"', 'amount']
const changed = (d: MigrationDialect, columns: string[]) =>
  columns.map((c) => `old.${c} is ${d === 'postgres' ? 'distinct from' : 'not'} new.${c}`).join(' or ')

interface Trigger {
  name: string
  table: string
  timing: 'before' | 'after'
  event: 'insert' | 'update' | 'delete'
  when?: string
  body: string
}

function triggers(d: MigrationDialect): Trigger[] {
  const paidMoved = changed(d, ['paid_at'])
  const lost = `old.paid_at is not null and (new.paid_at is null or new.paid_at > old.paid_at or old.user_id <> new.user_id)`
  return [
    {
      name: 'orders_days_insert',
      table: 'orders',
      timing: 'after',
      event: 'insert',
      body: [orderRow(d, 'new', 1), firstPaidOn(d, 'new')].join('\n'),
    },
    {
      name: 'orders_days_update',
      table: 'orders',
      timing: 'after',
      event: 'update',
      when: changed(d, ORDER_MOVES),
      body: [orderRow(d, 'old', -1), orderRow(d, 'new', 1), firstPaidOn(d, 'new')].join('\n'),
    },
    {
      name: 'orders_days_lines_moved',
      table: 'orders',
      timing: 'after',
      event: 'update',
      when: paidMoved,
      body: [orderLines(d, 'old', -1), orderLines(d, 'new', 1)].join('\n'),
    },
    {
      name: 'orders_days_first_lost',
      table: 'orders',
      timing: 'after',
      event: 'update',
      when: lost,
      body: recountFirst('old'),
    },
    // Before the delete: the lines are still there to be taken off (a cascade removes them after).
    {
      name: 'orders_days_delete',
      table: 'orders',
      timing: 'before',
      event: 'delete',
      body: [orderRow(d, 'old', -1), orderLines(d, 'old', -1)].join('\n'),
    },
    {
      name: 'orders_days_deleted',
      table: 'orders',
      timing: 'after',
      event: 'delete',
      body: recountFirst('old'),
    },
    {
      name: 'lines_days_insert',
      table: 'product_orders',
      timing: 'after',
      event: 'insert',
      body: lineRow(d, 'new', 1),
    },
    {
      name: 'lines_days_update',
      table: 'product_orders',
      timing: 'after',
      event: 'update',
      when: changed(d, LINE_MOVES),
      body: [lineRow(d, 'old', -1), lineRow(d, 'new', 1)].join('\n'),
    },
    {
      name: 'lines_days_delete',
      table: 'product_orders',
      timing: 'after',
      event: 'delete',
      body: lineRow(d, 'old', -1),
    },
    {
      name: 'refunds_days_insert',
      table: 'refunds',
      timing: 'after',
      event: 'insert',
      body: refundRow(d, 'new', 1),
    },
    {
      name: 'refunds_days_update',
      table: 'refunds',
      timing: 'after',
      event: 'update',
      when: changed(d, REFUND_MOVES),
      body: [refundRow(d, 'old', -1), refundRow(d, 'new', 1)].join('\n'),
    },
    {
      name: 'replies_first_insert',
      table: 'inbox_messages',
      timing: 'after',
      event: 'insert',
      when: `new.kind = 'reply'`,
      body: recountReplies(d, 'new'),
    },
    {
      name: 'replies_first_update',
      table: 'inbox_messages',
      timing: 'after',
      event: 'update',
      when: changed(d, REPLY_MOVES),
      body: [recountReplies(d, 'old'), recountReplies(d, 'new')].join('\n'),
    },
    {
      name: 'replies_first_delete',
      table: 'inbox_messages',
      timing: 'after',
      event: 'delete',
      when: `old.kind = 'reply'`,
      body: recountReplies(d, 'old'),
    },
    {
      name: 'refunds_days_delete',
      table: 'refunds',
      timing: 'after',
      event: 'delete',
      body: refundRow(d, 'old', -1),
    },
  ]
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
async function createTrigger(db: Kysely<any>, d: MigrationDialect, t: Trigger): Promise<void> {
  const when = t.when ? `when (${t.when})` : ''
  if (d === 'sqlite') {
    await sql
      .raw(
        `create trigger ${t.name} ${t.timing} ${t.event} on ${t.table} for each row ${when} begin ${t.body} end`,
      )
      .execute(db)
    return
  }
  const result = t.event === 'delete' ? 'old' : 'new'
  await sql
    .raw(
      `create function ${t.name}() returns trigger language plpgsql as $$ begin ${t.body} return ${result}; end $$`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger ${t.name} ${t.timing} ${t.event} on ${t.table} for each row ${when} execute function ${t.name}()`,
    )
    .execute(db)
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
async function createTables(db: Kysely<any>, d: MigrationDialect): Promise<void> {
  const t = columnTypes(d)
  const day = d === 'postgres' ? 'date' : 'text'
  await db.schema
    .createTable('sales_days')
    .addColumn('day', day, (c) => c.primaryKey())
    .addColumn('paid_orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revenue', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('discounts', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('refunds', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('checkouts_started', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checkouts_paid', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createTable('order_status_days')
    .addColumn('day', day, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('order_status_days_pkey', ['day', 'status'])
    .execute()
  await db.schema
    .createTable('product_sales_days')
    .addColumn('day', day, (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('revenue', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_sales_days_pkey', ['day', 'product_id'])
    .execute()
  await db.schema
    .createTable('product_sales_months')
    .addColumn('month', day, (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('revenue', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_sales_months_pkey', ['month', 'product_id'])
    .execute()
  await db.schema
    .createTable('first_replies')
    .addColumn('entry_id', 'text', (c) => c.primaryKey())
    .addColumn('arrived_at', t.timestamp, (c) => c.notNull())
    .addColumn('seconds', t.bigint, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('first_replies_arrived_idx')
    .on('first_replies')
    .columns(['arrived_at', 'seconds'])
    .execute()
  await db.schema
    .createTable('customer_firsts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('paid_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('customer_firsts_paid_idx').on('customer_firsts').column('paid_at').execute()
}

/** The totals of the rows already there, as the triggers would have kept them. */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
async function fill(db: Kysely<any>, d: MigrationDialect): Promise<void> {
  const day = (c: string) => sql.raw(dayOf(d, c))
  await sql`insert into sales_days (day, checkouts_started, checkouts_paid)
    select ${day('"createdAt"')}, count(*), count(paid_at) from orders group by 1`.execute(db)
  const upsert = (columns: string[], select: ReturnType<typeof sql>) =>
    sql`insert into sales_days (day, ${sql.raw(columns.join(', '))}) ${select}
      on conflict (day) do update set ${sql.raw(columns.map((c) => `${c} = excluded.${c}`).join(', '))}`
  await upsert(
    ['paid_orders', 'revenue', 'discounts'],
    sql`select ${day('paid_at')}, count(*), sum(total), sum(discount_total) from orders
      where paid_at is not null group by 1`,
  ).execute(db)
  await upsert(
    ['refunds'],
    sql`select ${day('"updatedAt"')}, sum(amount) from refunds where status = 'processed' group by 1`,
  ).execute(db)
  await sql`insert into order_status_days (day, status, orders)
    select ${day('"createdAt"')}, status, count(*) from orders group by 1, 2`.execute(db)
  await sql`insert into product_sales_days (day, product_id, revenue, quantity)
    select ${day('o.paid_at')}, l.product_id, sum(l.amount * l.quantity - l.discount), sum(l.quantity)
    from orders o join product_orders l on l.order_id = o.id where o.paid_at is not null group by 1, 2`.execute(
    db,
  )
  await sql`insert into product_sales_months (month, product_id, revenue, quantity)
    select ${sql.raw(monthOf(d, 'o.paid_at'))}, l.product_id, sum(l.amount * l.quantity - l.discount), sum(l.quantity)
    from orders o join product_orders l on l.order_id = o.id where o.paid_at is not null group by 1, 2`.execute(
    db,
  )
  await sql`insert into customer_firsts (user_id, paid_at)
    select user_id, min(paid_at) from orders where paid_at is not null group by user_id`.execute(db)
  for (const [entry, table] of [
    ['quote', 'quote_requests'],
    ['contact', 'contacts'],
  ] as const)
    await sql`insert into first_replies (entry_id, arrived_at, seconds)
      select e.id, e.${sql.ref('createdAt')}, ${sql.raw(secondsToReply(d))}
      from ${sql.table(table)} e join inbox_messages m on m.${sql.raw(`${entry}_id`)} = e.id
      where m.kind = 'reply' group by e.id, e.${sql.ref('createdAt')}`.execute(db)
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db)
  await createTables(db, d)
  await fill(db, d)
  for (const trigger of triggers(d)) await createTrigger(db, d, trigger)
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db)
  for (const t of triggers(d)) {
    await sql.raw(`drop trigger ${t.name}${d === 'postgres' ? ` on ${t.table}` : ''}`).execute(db)
    if (d === 'postgres') await sql.raw(`drop function ${t.name}()`).execute(db)
  }
  for (const table of [
    'customer_firsts',
    'first_replies',
    'product_sales_months',
    'product_sales_days',
    'order_status_days',
    'sales_days',
  ])
    await db.schema.dropTable(table).execute()
}
