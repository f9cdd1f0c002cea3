import { Readable } from 'node:stream'
import type { DB } from '../../src/server/db/schema'
import type { StaffFunction } from '../../src/shared/enums'
import { nameKey } from '../../src/shared/names'
import { insertFile, insertFolder, insertUserWithPassword } from '../support/factories'
import { CookieClient } from '../support/http-client'
import type { TestApp } from '../support/test-app'

// Helpers for the file manager suites: signed-in people, folders and grants as rows, files with real
// blobs in the app's storage, and a JSON call that fails loudly on an unexpected status.

export interface Person {
  id: string
  name: string
  email: string
  client: CookieClient
}

export async function person(
  t: TestApp,
  first: string,
  role: 'user' | 'staff' | 'admin' = 'user',
  functions: StaffFunction[] = [],
): Promise<Person> {
  const user = await insertUserWithPassword(t.database.db, 'files suite password', {
    first_name: first,
    last_name: 'Tester',
    role,
    staffFunctions: JSON.stringify(functions),
    createdAt: new Date(t.clock.now.getTime() - 3_600_000).toISOString(),
  })
  const client = new CookieClient(t.app)
  const res = await client.signIn(user.email, user.plainPassword)
  if (res.status >= 400) throw new Error(`sign-in failed for ${first}: ${res.status}`)
  return { id: user.id, name: user.name, email: user.email, client }
}

export async function folder(t: TestApp, name: string, overrides: Partial<DB['folders']> = {}) {
  return insertFolder(t.database.db, { folder_name: name, name_key: nameKey(name), ...overrides })
}

export async function grant(
  t: TestApp,
  folderId: string,
  userId: string,
  permissionType: 'viewer' | 'editor' | 'administrator',
) {
  // At the app's clock: a folder's notifications reach a person from when their access began.
  const now = t.clock.now.toISOString()
  await t.database.db
    .insertInto('folder_permissions')
    .values({
      id: crypto.randomUUID(),
      folder_id: folderId,
      user_id: userId,
      permissionType,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
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

/** Calls the API and returns the parsed body, throwing when the status is not the expected one. */
// biome-ignore lint/suspicious/noExplicitAny: bodies are read by the assertions that follow
export async function call<T = any>(
  p: Person,
  method: string,
  path: string,
  body?: unknown,
  expected = 200,
): Promise<T> {
  const res = await p.client.json(path, method, body)
  const text = await res.text()
  if (res.status !== expected)
    throw new Error(`${method} ${path} → ${res.status} (expected ${expected}): ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
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
