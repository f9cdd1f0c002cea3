import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../../migration-helpers'

// How many rows the large staff tables hold (docs/decisions/0147): an unfiltered staff list reads its
// total from here instead of counting a million rows on every page. Triggers keep each count in the
// same transaction as the insert or delete it follows, whichever code does it; updates change no count.
// The table is derived: a backup leaves it out and a restore rebuilds it through the same triggers.

export const COUNTED_TABLES = ['users', 'orders', 'quote_requests', 'contacts', 'ebook_requests'] as const

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('row_counts')
    .addColumn('table_name', 'text', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute()

  const postgres = dialectOf(db) === 'postgres'
  if (postgres) {
    // Statement triggers with transition tables: one update per statement, however many rows it wrote.
    await sql`create function row_counts_follow() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update row_counts set n = n + (select count(*) from inserted) where table_name = tg_table_name;
        else
          update row_counts set n = n - (select count(*) from deleted) where table_name = tg_table_name;
        end if;
        return null;
      end $$`.execute(db)
  }
  for (const table of COUNTED_TABLES) {
    if (postgres) {
      await sql
        .raw(`create trigger ${table}_count_insert after insert on ${table}
          referencing new table as inserted for each statement execute function row_counts_follow()`)
        .execute(db)
      await sql
        .raw(`create trigger ${table}_count_delete after delete on ${table}
          referencing old table as deleted for each statement execute function row_counts_follow()`)
        .execute(db)
    } else {
      await sql
        .raw(`create trigger ${table}_count_insert after insert on ${table} begin
          update row_counts set n = n + 1 where table_name = '${table}';
        end`)
        .execute(db)
      await sql
        .raw(`create trigger ${table}_count_delete after delete on ${table} begin
          update row_counts set n = n - 1 where table_name = '${table}';
        end`)
        .execute(db)
    }
    // The rows already there.
    await sql
      .raw(`insert into row_counts (table_name, n) select '${table}', count(*) from ${table}`)
      .execute(db)
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  for (const table of COUNTED_TABLES)
    for (const what of ['insert', 'delete'])
      await sql
        .raw(`drop trigger if exists ${table}_count_${what}${postgres ? ` on ${table}` : ''}`)
        .execute(db)
  if (postgres) await sql`drop function if exists row_counts_follow()`.execute(db)
  await db.schema.dropTable('row_counts').execute()
}
