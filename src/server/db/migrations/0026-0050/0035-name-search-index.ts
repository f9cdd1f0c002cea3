import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../../migration-helpers'

// The name search's index (docs/decisions/0094): substring matches on folders' and files' name_key
// (NFC, case-folded) read an index instead of scanning every name.
//
// PostgreSQL: pg_trgm GIN indexes on name_key; `name_key like '%…%'` uses them for 3 characters
// or more. The extension needs a role allowed to create it (docs/deploy.md).
//
// SQLite: an FTS5 table with the trigram tokenizer. FTS5 keys rows by an integer rowid, and the
// items' rowids are not stable (VACUUM may renumber a table without an INTEGER PRIMARY KEY), so
// item_names gives each item its own integer key, and the FTS row carries that key. Triggers keep
// both in step with every insert, rename (name_key changes) and delete, whichever code does it; a
// trash or restore changes no name. Both tables are derived: a backup leaves them out and a restore
// rebuilds them through the same triggers.

const ITEMS = [
  { table: 'folders', kind: 'folder' },
  { table: 'files', kind: 'file' },
] as const

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db)
    for (const { table } of ITEMS)
      await sql`create index ${sql.id(`${table}_name_trgm_idx`)} on ${sql.table(table)} using gin (name_key gin_trgm_ops)`.execute(
        db,
      )
    return
  }
  await sql`create table item_names (
    id integer primary key,
    item_id text not null unique,
    kind text not null
  )`.execute(db)
  await sql`create virtual table item_names_fts using fts5(name_key, tokenize = 'trigram')`.execute(db)
  for (const { table, kind } of ITEMS) {
    await sql
      .raw(`create trigger ${table}_names_insert after insert on ${table} begin
        insert into item_names (item_id, kind) values (new.id, '${kind}');
        insert into item_names_fts (rowid, name_key)
          values ((select id from item_names where item_id = new.id), new.name_key);
      end`)
      .execute(db)
    await sql
      .raw(`create trigger ${table}_names_rename after update of name_key on ${table}
        when new.name_key is not old.name_key begin
        update item_names_fts set name_key = new.name_key
          where rowid = (select id from item_names where item_id = new.id);
      end`)
      .execute(db)
    await sql
      .raw(`create trigger ${table}_names_delete after delete on ${table} begin
        delete from item_names_fts where rowid = (select id from item_names where item_id = old.id);
        delete from item_names where item_id = old.id;
      end`)
      .execute(db)
    // The names already there.
    await sql.raw(`insert into item_names (item_id, kind) select id, '${kind}' from ${table}`).execute(db)
    await sql
      .raw(`insert into item_names_fts (rowid, name_key)
        select n.id, t.name_key from ${table} t join item_names n on n.item_id = t.id`)
      .execute(db)
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const { table } of ITEMS)
      await sql`drop index if exists ${sql.id(`${table}_name_trgm_idx`)}`.execute(db)
    return
  }
  for (const { table } of ITEMS)
    for (const what of ['insert', 'rename', 'delete'])
      await sql.raw(`drop trigger if exists ${table}_names_${what}`).execute(db)
  await sql`drop table if exists item_names_fts`.execute(db)
  await sql`drop table if exists item_names`.execute(db)
}
