import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../../migration-helpers'

// PostgreSQL: a notification takes its place in commit order when its transaction commits, not when
// it is recorded (docs/decisions/0172). `notify()` inserts the row under the id it made and leaves,
// in the transaction-local setting `depot.pokes`, the poke to send for it; a deferred constraint
// trigger runs at the commit, after the caller's last round trip: it takes the `notification_order`
// row (0062), moves the id above the last one given out when it is not already (the recipients follow
// through ON UPDATE CASCADE), and sends the poke with the final id. The row is held from there to the
// end of the commit, so no transaction waits on another's client.
// Rows inserted any other way (a restore) leave no poke behind, so the trigger is not queued for them
// (its WHEN is checked at the insert) and their ids stand as given.

const RECIPIENTS_FK = 'notification_recipients_notification_id_fkey'

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return
  await sql`alter table notification_recipients drop constraint ${sql.id(RECIPIENTS_FK)},
    add constraint ${sql.id(RECIPIENTS_FK)} foreign key (notification_id)
    references notifications (id) on delete cascade on update cascade`.execute(db)
  await sql`create function notification_take_order() returns trigger language plpgsql as $$
    declare
      last_given text;
      given text;
      pending jsonb;
    begin
      -- The order row: waits while another committing transaction holds it, then reads its latest value.
      insert into notification_order (id, last_id) values (1, '') on conflict (id) do nothing;
      select nullif(last_id, '') into last_given from notification_order where id = 1 for update;
      -- Stored ids count too (a restore, an id from before the row); this row's own does not.
      last_given := greatest(last_given, (select max(id) from notifications where id <> new.id));
      -- Above the last one: as it is, or a UUIDv7 one millisecond later with the same random part.
      given := case when last_given is null or new.id > last_given then new.id else (
        select substr(h, 1, 8) || '-' || substr(h, 9, 4) || substr(new.id, 14)
        from (select lpad(to_hex(('x' || substr(last_given, 1, 8) || substr(last_given, 10, 4))::bit(48)::bigint + 1),
          12, '0') as h) as next_ms
      ) end;
      update notification_order set last_id = given where id = 1;
      if given <> new.id then
        update notifications set id = given where id = new.id;
      end if;
      pending := current_setting('depot.pokes', true)::jsonb -> new.id;
      if pending is not null then
        perform pg_notify(pending ->> 'channel', replace(pending ->> 'payload', new.id, given));
      end if;
      return null;
    end
  $$`.execute(db)
  await sql`create constraint trigger notifications_take_order after insert on notifications
    deferrable initially deferred for each row
    when (strpos(coalesce(current_setting('depot.pokes', true), ''), new.id) > 0)
    execute function notification_take_order()`.execute(db)
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return
  await sql`drop trigger notifications_take_order on notifications`.execute(db)
  await sql`drop function notification_take_order()`.execute(db)
  await sql`alter table notification_recipients drop constraint ${sql.id(RECIPIENTS_FK)},
    add constraint ${sql.id(RECIPIENTS_FK)} foreign key (notification_id)
    references notifications (id) on delete cascade`.execute(db)
}
