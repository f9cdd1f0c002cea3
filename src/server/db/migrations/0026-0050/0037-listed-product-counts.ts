import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../../migration-helpers'

// How many products the shop lists, per type (docs/decisions/0108): the catalogue's total is a sum
// over a few rows instead of a count over the listed products' index on every page. Triggers keep the
// counts in step with every insert, delete, publish, unpublish, soft delete and change of type,
// whichever code does it; a product counts while it is published and not deleted. The table is
// derived: a backup leaves it out and a restore rebuilds it through the same triggers.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listed_product_counts')
    .addColumn('type', 'text', (c) => c.primaryKey())
    .addColumn('listed', 'integer', (c) => c.notNull())
    .execute()

  if (dialectOf(db) === 'postgres') {
    await sql`create function listed_product_counts_follow() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old."isPublished" and old."deletedAt" is null then
          update listed_product_counts set listed = listed - 1 where type = old.type;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new."isPublished" and new."deletedAt" is null then
          insert into listed_product_counts (type, listed) values (new.type, 1)
            on conflict (type) do update set listed = listed_product_counts.listed + 1;
        end if;
        return null;
      end $$`.execute(db)
    await sql`create trigger products_listed_counts
      after insert or delete or update of "isPublished", "deletedAt", type on products
      for each row execute function listed_product_counts_follow()`.execute(db)
  } else {
    await sql`create trigger products_listed_insert after insert on products
      when new."isPublished" and new."deletedAt" is null begin
        insert into listed_product_counts (type, listed) values (new.type, 1)
          on conflict (type) do update set listed = listed + 1;
      end`.execute(db)
    await sql`create trigger products_listed_delete after delete on products
      when old."isPublished" and old."deletedAt" is null begin
        update listed_product_counts set listed = listed - 1 where type = old.type;
      end`.execute(db)
    await sql`create trigger products_listed_update after update of "isPublished", "deletedAt", type on products
      begin
        update listed_product_counts set listed = listed - 1
          where type = old.type and old."isPublished" and old."deletedAt" is null;
        insert into listed_product_counts (type, listed)
          select new.type, 1 where new."isPublished" and new."deletedAt" is null
          on conflict (type) do update set listed = listed + 1;
      end`.execute(db)
  }

  // The products already there.
  await sql`insert into listed_product_counts (type, listed)
    select type, count(*) from products where "isPublished" = ${sql.lit(true)} and "deletedAt" is null
    group by type`.execute(db)
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger if exists products_listed_counts on products`.execute(db)
    await sql`drop function if exists listed_product_counts_follow()`.execute(db)
  } else {
    for (const what of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists products_listed_${what}`).execute(db)
  }
  await db.schema.dropTable('listed_product_counts').execute()
}
