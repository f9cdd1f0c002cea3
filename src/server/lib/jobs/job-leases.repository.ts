import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

// The rows of job_leases (job-leases.ts): one per periodic job, naming the instance that holds it.

/**
 * Takes `job`'s lease for `holder` until `until`, unless another holder's lease runs past `now`: one
 * conditional upsert, the same statement on SQLite and PostgreSQL. Answers whether it was taken.
 */
export async function takeJobLease(
  db: Kysely<DB>,
  lease: { job: string; holder: string; until: string; now: string },
): Promise<boolean> {
  const { job, holder, until, now } = lease
  // The conflict update applies only to an expired lease or our own; otherwise no row comes back.
  const row = await db
    .insertInto('job_leases')
    .values({ job_name: job, holder, expires_at: until })
    .onConflict((oc) =>
      oc
        .column('job_name')
        .doUpdateSet((eb) => ({
          holder: eb.ref('excluded.holder'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where((eb) => eb.or([eb('job_leases.expires_at', '<=', now), eb('job_leases.holder', '=', holder)])),
    )
    .returning('holder')
    .executeTakeFirst()
  return row !== undefined
}

/** Moves the end of `holder`'s lease on `job` (nothing when another instance holds it). */
export async function setJobLeaseEnd(
  db: Kysely<DB>,
  job: string,
  holder: string,
  until: string,
): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({ expires_at: until })
    .where('job_name', '=', job)
    .where('holder', '=', holder)
    .execute()
}
