import { describe, expect, it } from 'vitest'
import { lockFolderForNames } from '../../src/server/features/files/items/names.repository'
import { lockFileRow } from '../../src/server/features/files/versions/file-versions.repository'
import { type NotificationInput, notify } from '../../src/server/features/notifications/notify'
import { insertFile, insertFolder } from '../support/factories'
import { signedIn } from '../support/people'
import { createTestApp } from '../support/test-app'
import { testDialect } from '../support/test-database'

// PostgreSQL: a write that names something in a folder holds the folder's row (the name lock), and
// notify() then waits for the notifications' id-order lock. Another transaction holding that lock
// inserts a notification that refers to the same folder, whose foreign key check takes a key-share
// lock on the row: the name lock must not conflict with it, or the two wait on each other (deadlock
// detected, a 500), as renames, uploads and trashes in one shared folder did under load. The same
// holds for a file's row, held while its versions change. SQLite has one writer: nothing to race.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(testDialect() !== 'postgres')('row locks held before notifying', () => {
  it('let a notification about the same folder or file commit meanwhile, without a deadlock', async () => {
    const t = await createTestApp()
    const db = t.database.db
    const actor = await signedIn(t, { name: 'Actor Tester' })
    const folder = await insertFolder(db, { folder_name: 'Shared' })
    const file = await insertFile(db, folder.id)
    const about = (action: 'renamed' | 'uploaded'): NotificationInput => ({
      type: 'file',
      action,
      actor: { id: actor.id, name: actor.name },
      mainItem: 'a file',
      audience: { forUsers: [actor.id] },
      refs: { folder_id: folder.id, file_id: file.id },
    })
    let locked: () => void = () => {}
    const rowsHeld = new Promise<void>((resolve) => {
      locked = resolve
    })
    let otherStarted = false
    const first = db.transaction().execute(async (trx) => {
      await lockFolderForNames(trx, folder.id)
      await lockFileRow(trx, file.id)
      locked()
      // The other transaction takes the id-order lock and inserts its notification meanwhile.
      while (!otherStarted) await sleep(10)
      await sleep(300)
      return notify(trx, about('renamed'), t.clock.now)
    })
    await rowsHeld
    const second = db.transaction().execute(async (trx) => {
      otherStarted = true
      return notify(trx, about('uploaded'), t.clock.now)
    })
    const ids = await Promise.all([first, second])
    expect(new Set(ids).size).toBe(2)
  }, 30_000)
})
