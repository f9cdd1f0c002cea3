import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../../migration-helpers'

// A stamp that changes whenever what the public pages are drawn from changes (docs/decisions/0149):
// products, settings (the site's identity and words, the featured products) and the site's images.
// A server keeps a visitor's rendered page under the stamp it read before drawing it, and answers the
// next visitor from it while the stamp is the same. Triggers change it in the writing transaction,
// whichever code writes; each change is a new random value, so a stamp never comes back (a restore
// that starts again from an empty table cannot meet an old one). The table is derived: a backup leaves
// it out and a restore's inserts stamp it anew.

const TABLES = ['products', 'settings', 'site_images'] as const

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_data_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('stamp', 'text', (c) => c.notNull())
    .execute()

  if (dialectOf(db) === 'postgres') {
    await sql`create function page_data_versions_stamp() returns trigger language plpgsql as $$
      begin
        insert into page_data_versions (id, stamp) values (1, md5(random()::text || clock_timestamp()::text))
          on conflict (id) do update set stamp = excluded.stamp;
        return null;
      end $$`.execute(db)
    // Once per statement: a bulk update of products stamps once.
    for (const table of TABLES)
      await sql
        .raw(`create trigger ${table}_page_data_stamp after insert or update or delete or truncate on ${table}
          for each statement execute function page_data_versions_stamp()`)
        .execute(db)
    await sql`insert into page_data_versions (id, stamp) values (1, md5(random()::text))`.execute(db)
  } else {
    for (const table of TABLES)
      for (const event of ['insert', 'update', 'delete'])
        await sql
          .raw(`create trigger ${table}_page_data_stamp_${event} after ${event} on ${table} begin
            insert into page_data_versions (id, stamp) values (1, hex(randomblob(12)))
              on conflict (id) do update set stamp = excluded.stamp;
          end`)
          .execute(db)
    await sql`insert into page_data_versions (id, stamp) values (1, hex(randomblob(12)))`.execute(db)
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const table of TABLES)
      await sql.raw(`drop trigger if exists ${table}_page_data_stamp on ${table}`).execute(db)
    await sql`drop function if exists page_data_versions_stamp()`.execute(db)
  } else {
    for (const table of TABLES)
      for (const event of ['insert', 'update', 'delete'])
        await sql.raw(`drop trigger if exists ${table}_page_data_stamp_${event}`).execute(db)
  }
  await db.schema.dropTable('page_data_versions').execute()
}
