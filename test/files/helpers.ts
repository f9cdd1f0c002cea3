import { Readable } from 'node:stream'
import type { DB } from '../../src/server/db/schema'
import { nameKey } from '../../src/shared/names'
import { insertFile, insertFolder } from '../support/factories'
import type { Person } from '../support/people'
import type { TestApp } from '../support/test-app'

// Helpers for the file manager suites: folders as rows, files with real blobs in the app's storage,
// and a status probe. The typed JSON call is ../support/typed-client's; people and grants: ../support/people.

export async function folder(t: TestApp, name: string, overrides: Partial<DB['folders']> = {}) {
  return insertFolder(t.database.db, { folder_name: name, name_key: nameKey(name), ...overrides })
}

/** A file row with a real blob holding `content`. */
export async function file(
  t: TestApp,
  folderId: string,
  name: string,
  content = `content of ${name}`,
  overrides: Partial<DB['files']> = {},
) {
  const blob = await t.deps.storage.put(Readable.from([Buffer.from(content)]))
  return insertFile(t.database.db, folderId, {
    filename: name,
    name_key: nameKey(name),
    originalname: name,
    path: blob.key,
    size: blob.size,
    sha256: blob.sha256,
    ...overrides,
  })
}

export async function status(p: Person, method: string, path: string, body?: unknown): Promise<number> {
  const res = await p.client.json(path, method, body)
  await res.arrayBuffer()
  return res.status
}

export async function blobText(t: TestApp, key: string): Promise<string> {
  const read = await t.deps.storage.get(key)
  const chunks: Buffer[] = []
  for await (const chunk of read.body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function fileRow(t: TestApp, id: string) {
  return t.database.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function folderRow(t: TestApp, id: string) {
  return t.database.db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function entryFor(t: TestApp, itemId: string) {
  return t.database.db.selectFrom('trash_items').selectAll().where('item_id', '=', itemId).executeTakeFirst()
}
