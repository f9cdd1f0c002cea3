import { randomUUID } from 'node:crypto'
import os from 'node:os'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { setJobLeaseEnd, takeJobLease } from './job-leases.repository'

/**
 * Who runs a periodic job's next run when several instances share one database: a lease per job in
 * `job_leases`, taken by one conditional upsert, so the same statement decides on SQLite and
 * PostgreSQL and no lock is held between statements.
 *
 * A run's lease lasts the job's interval, and the runner keeps it while the run goes on. Every instance
 * keeps its own schedule; when an instance's turn comes and another one's lease has not expired, it
 * skips that turn. So, whatever the number of instances, the job's work is done about once per
 * interval. After a run the holder keeps the lease an interval from the run's end (the next run is due
 * then); after a failed run it gives the lease back, so another instance may try at its next turn.
 */
export interface JobLeases {
  /** Takes the job's lease for `forMs` unless another holder's lease is still running. */
  acquire(job: string, forMs: number): Promise<boolean>
  /** Keeps our lease `forMs` from now: while a run goes on, and after it. */
  keep(job: string, forMs: number): Promise<void>
  /** Gives our lease back: any instance may take it at once. */
  release(job: string): Promise<void>
}

/** This process among the instances: host, process id and a random part (a restarted pid differs). */
export function instanceHolderId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
}

export function databaseJobLeases(db: Kysely<DB>, holder: string, clock: () => Date): JobLeases {
  const at = (ms: number) => new Date(clock().getTime() + ms).toISOString()
  return {
    async acquire(job, forMs) {
      return takeJobLease(db, { job, holder, until: at(forMs), now: clock().toISOString() })
    },
    async keep(job, forMs) {
      await setJobLeaseEnd(db, job, holder, at(forMs))
    },
    async release(job) {
      await setJobLeaseEnd(db, job, holder, clock().toISOString())
    },
  }
}
