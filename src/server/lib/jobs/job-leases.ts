import { randomUUID } from 'node:crypto'
import os from 'node:os'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/**
 * Who runs a periodic job's next run when several instances share one database: a lease per job in
 * `job_leases`, taken by one conditional upsert, so the same statement decides on SQLite and
 * PostgreSQL and no lock is held between statements.
 *
 * A run's lease lasts the job's interval. Every instance keeps its own schedule; when an instance's
 * turn comes and another one's lease has not expired, it skips that turn. So, whatever the number of
 * instances, the job's work is done about once per interval. After a run the holder stamps the lease
 * again from the run's end (the next run is due an interval later); after a failed run it gives the
 * lease back, so another instance may try at its next turn. A run that outlasts its interval can meet
 * another instance's run: jobs stay safe to run twice at once.
 */
export interface JobLeases {
  /** Takes the job's lease for `forMs` unless another holder's lease is still running. */
  acquire(job: string, forMs: number): Promise<boolean>
  /** After a run: keep the lease `forMs` from now (done), or give it back (failed). */
  settle(job: string, outcome: 'done' | 'failed', forMs: number): Promise<void>
}

/** This process among the instances: host, process id and a random part (a restarted pid differs). */
export function instanceHolderId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
}

export function databaseJobLeases(db: Kysely<DB>, holder: string, clock: () => Date): JobLeases {
  const at = (ms: number) => new Date(clock().getTime() + ms).toISOString()
  return {
    async acquire(job, forMs) {
      const now = clock().toISOString()
      // The conflict update applies only to an expired lease or our own; otherwise no row comes back.
      const row = await db
        .insertInto('job_leases')
        .values({ job_name: job, holder, expires_at: at(forMs) })
        .onConflict((oc) =>
          oc
            .column('job_name')
            .doUpdateSet((eb) => ({
              holder: eb.ref('excluded.holder'),
              expires_at: eb.ref('excluded.expires_at'),
            }))
            .where((eb) =>
              eb.or([eb('job_leases.expires_at', '<=', now), eb('job_leases.holder', '=', holder)]),
            ),
        )
        .returning('holder')
        .executeTakeFirst()
      return row !== undefined
    },
    async settle(job, outcome, forMs) {
      await db
        .updateTable('job_leases')
        .set({ expires_at: outcome === 'done' ? at(forMs) : clock().toISOString() })
        .where('job_name', '=', job)
        .where('holder', '=', holder)
        .execute()
    },
  }
}
