import { Migrator } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrations } from '../../src/server/db/migrations'
import { migrateToLatest } from '../../src/server/db/migrator'
import { recipientById } from '../../src/server/features/notifications/notifications.service'
import { countUnread } from '../../src/server/features/notifications/unread-count.repository'
import { newId } from '../../src/server/lib/ids'
import { insertFile, insertFolder } from '../support/factories'
import { grant, insertUser } from '../support/people'
import { createTestApp } from '../support/test-app'

// Migration 0063 (decision 0165): a notification about a file records its folder, which the unread
// count reads a reader's folders' notifications by. Rows recorded with the file alone get the folder
// the file is in, so they stay in the inbox and the count of the folder's members.

const MIGRATION = '0063-notification-ways-in'

describe('migration 0063: notifications about a file record its folder', () => {
  it("fills in the file's folder where only the file was recorded, and leaves the rest", async () => {
    const t = await createTestApp({ migrate: false })
    const db = t.database.db
    const names = Object.keys(migrations)
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
    expect((await migrator.migrateTo(names[names.indexOf(MIGRATION) - 1]!)).error).toBeUndefined()

    const made = new Date(t.clock.now.getTime() - 60_000).toISOString()
    const member = await insertUser(db, { createdAt: made })
    const board = await insertFolder(db, { type: 'locked', folder_name: 'Board' })
    const file = await insertFile(db, board.id, { filename: 'march.pdf' })
    t.clock.advance(1000)
    await grant(t, board.id, member.id, 'viewer')
    t.clock.advance(1000)
    const stamp = t.clock.now.toISOString()
    const row = (over: { type: 'file' | 'order'; file_id: string | null }) => ({
      id: newId(),
      action: 'updated' as const,
      user_name: 'Someone',
      user_id: null,
      mainItem: 'thing',
      subItem: null,
      forAll: true,
      for_users: '[]',
      folder_id: null,
      product_id: null,
      order_id: null,
      itemCount: 1,
      contentCount: 0,
      amount: null,
      currency: null,
      createdAt: stamp,
      updatedAt: stamp,
      ...over,
    })
    const aboutFile = row({ type: 'file', file_id: file.id })
    const aboutNone = row({ type: 'order', file_id: null })
    await db.insertInto('notifications').values([aboutFile, aboutNone]).execute()

    await migrateToLatest(t.database)
    const folders = await db.selectFrom('notifications').select(['id', 'folder_id']).orderBy('id').execute()
    expect(folders).toEqual(
      [
        { id: aboutFile.id, folder_id: board.id },
        { id: aboutNone.id, folder_id: null },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    )
    // The folder's member still has it unread.
    const recipient = (await recipientById(db, member.id))!
    expect(await countUnread(db, recipient, t.clock.now)).toBe(1)
  })
})
