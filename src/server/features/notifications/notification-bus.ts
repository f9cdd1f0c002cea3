import { EventEmitter } from 'node:events'

// "Something new may be there": the only message live delivery passes around. It carries the new
// notification's id and no content; the hub finds out who could possibly see it and wakes their open
// streams, and each re-queries the database for what its reader may see since the last event it sent
// (docs/decisions/0022, 0154). So a lost or early poke costs latency, never correctness.
//
// PostgreSQL: notify() runs `pg_notify(NOTIFY_CHANNEL, …)` inside the caller's transaction, which
// PostgreSQL delivers to every LISTENing instance only when (and if) that transaction commits. Its
// payload tells, with the id, who could see it (notification-poke.ts, docs/decisions/0169).
// SQLite (one instance): notify() pokes this process's emitter from inside the caller's transaction,
// before its commit. The hub wakes the streams only once the writer is free again (the transaction
// has committed or rolled back: Database.writesSettled), so their queries see the outcome.

export const NOTIFY_CHANNEL = 'depot_notifications'
/**
 * "This user's access changed" (a share revoked): the payload is the user's id and nothing else. It
 * is no notification (nothing is stored or shown); their open pages refetch what they may see.
 */
export const ACCESS_CHANNEL = 'depot_access'

const local = new EventEmitter()
local.setMaxListeners(0)

export function accessChangedLocal(userId: string): void {
  local.emit('access', userId)
}

export function onLocalAccessChange(listener: (userId: string) => void): () => void {
  local.on('access', listener)
  return () => {
    local.off('access', listener)
  }
}

export function pokeLocal(notificationId: string): void {
  local.emit('poke', notificationId)
}

export function onLocalPoke(listener: (notificationId: string) => void): () => void {
  local.on('poke', listener)
  return () => {
    local.off('poke', listener)
  }
}
