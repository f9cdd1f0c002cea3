import { beforeAll, describe, expect, it } from 'vitest'
import type { Notification } from '../../src/shared/contract/notifications'
import { formatNotificationSentence } from '../../src/shared/notification-sentence'
import { file } from '../files/helpers'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// What file manager notifications say, as the reader's page words them (product.md §2, §5): a rename
// names the old and the new name, trashing a folder is one entry naming what it held, and separate
// trash actions are separate entries.

let t: TestApp
let olga: Person
let walt: Person

beforeAll(async () => {
  t = await createTestApp()
  olga = await signedIn(t, { name: 'Olga Tester' })
  walt = await signedIn(t, { name: 'Walt Tester' })
})

const text = (n: Notification) => formatNotificationSentence(n.sentence).text
const sentences = async (p: Person) => (await call(p, 'GET', '/api/notifications?limit=100')).items.map(text)

describe('file manager notifications read as what happened', () => {
  it('a rename names the old name and the new one', async () => {
    const docs = await call(olga, 'POST', '/api/folders', { folder_name: 'Notes' }, 201)
    await grant(t, docs.id, walt.id, 'viewer')
    const f = await file(t, docs.id, 'meeting-notes.txt')
    await call(olga, 'PATCH', `/api/files/${f.id}`, { filename: 'notes.txt' })
    expect(await sentences(walt)).toContain('Olga Tester renamed file meeting-notes.txt to notes.txt')
  })

  it('trashing a folder is one entry with what it held; other trashes are entries of their own', async () => {
    const docs = await call(olga, 'POST', '/api/folders', { folder_name: 'Docs' }, 201)
    await grant(t, docs.id, walt.id, 'viewer')
    const reports = await call(
      olga,
      'POST',
      '/api/folders',
      { folder_name: 'Reports', parent_id: docs.id },
      201,
    )
    for (const name of ['a.txt', 'b.txt', 'c.txt']) await file(t, reports.id, name)
    const loose = await file(t, docs.id, 'loose.txt')

    await call(olga, 'DELETE', `/api/folders/${reports.id}`)
    t.clock.advance(60_000) // well within the grouping window for bursts
    await call(olga, 'DELETE', `/api/files/${loose.id}`)

    const trashed = (await sentences(walt)).filter((s) => s.includes('trashed'))
    expect(trashed).toEqual([
      'Olga Tester trashed file loose.txt from Docs',
      'Olga Tester trashed folder Reports from Docs, 3 items',
    ])
  })
})
