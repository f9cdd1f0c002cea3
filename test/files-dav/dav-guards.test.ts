import { beforeAll, describe, expect, it } from 'vitest'
import { createUpload } from '../files-transfer/helpers'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { dav, LOCKINFO, makeToken } from './helpers'

// What keeps /dav/ from being turned against the people who share a folder: locks need write rights
// and hold against the web app and the API too; dead properties are bounded; wrong token guesses are
// throttled without locking out the right token.

let t: TestApp
let owner: Person
let editor: Person
let viewer: Person
let ownerDav: ReturnType<typeof dav>
let viewerDav: ReturnType<typeof dav>
let teamId: string

const idOf = async (table: 'files' | 'folders', column: 'filename' | 'folder_name', name: string) =>
  (
    await t.database.db
      .selectFrom(table as 'files')
      .select('id')
      .where(column as 'filename', '=', name)
      .executeTakeFirstOrThrow()
  ).id

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Ola Owner' })
  editor = await signedIn(t, { name: 'Eddie Editor' })
  viewer = await signedIn(t, { name: 'Vera Viewer' })
  ownerDav = dav(t, await makeToken(owner))
  viewerDav = dav(t, await makeToken(viewer))
  expect((await ownerDav('MKCOL', 'My folders/Team')).status).toBe(201)
  expect((await ownerDav('MKCOL', 'My folders/Team/Inner')).status).toBe(201)
  expect((await ownerDav('MKCOL', 'My folders/Team/Elsewhere')).status).toBe(201)
  teamId = await idOf('folders', 'folder_name', 'Team')
  await grant(t, teamId, editor.id, 'editor')
  await grant(t, teamId, viewer.id, 'viewer')
})

describe('WebDAV locks', () => {
  it('a viewer can neither take nor refresh a lock (403), on a file or a folder', async () => {
    expect((await ownerDav('PUT', 'My folders/Team/plan.txt', { body: 'plan' })).status).toBe(201)
    for (const path of ['My folders/Team/plan.txt', 'My folders/Team/Inner']) {
      const res = await viewerDav('LOCK', path.replace('My folders', 'Shared with me'), { body: LOCKINFO })
      expect(res.status, await res.text()).toBe(403)
    }
    const held = await ownerDav('LOCK', 'My folders/Team/plan.txt', { body: LOCKINFO })
    expect(held.status).toBe(200)
    const token = held.headers.get('lock-token')!
    const refresh = await viewerDav('LOCK', 'Shared with me/Team/plan.txt', {
      headers: { If: `(${token})`, Timeout: 'Second-3600' },
    })
    expect(refresh.status).toBe(403)
    expect(
      (await ownerDav('UNLOCK', 'My folders/Team/plan.txt', { headers: { 'Lock-Token': token } })).status,
    ).toBe(204)
  })

  it('a lock stops the web app and the API from trashing, moving, renaming or replacing the item (423)', async () => {
    expect((await ownerDav('PUT', 'My folders/Team/Inner/draft.txt', { body: 'draft' })).status).toBe(201)
    const fileId = await idOf('files', 'filename', 'draft.txt')
    const innerId = await idOf('folders', 'folder_name', 'Inner')
    const elsewhereId = await idOf('folders', 'folder_name', 'Elsewhere')
    const held = await ownerDav('LOCK', 'My folders/Team/Inner/draft.txt', { body: LOCKINFO })
    expect(held.status).toBe(200)
    const token = held.headers.get('lock-token')!

    const attempts = [
      () => editor.client.json(`/api/files/${fileId}`, 'DELETE'),
      () => editor.client.json(`/api/files/${fileId}/move`, 'POST', { targetFolderId: elsewhereId }),
      () => editor.client.json(`/api/files/${fileId}`, 'PATCH', { filename: 'renamed.txt' }),
      () => createUpload(editor, 3, { file_id: fileId }),
      // The folder holding the locked file cannot be trashed or moved either.
      () => editor.client.json(`/api/folders/${innerId}`, 'DELETE'),
      () => editor.client.json(`/api/folders/${innerId}/move`, 'POST', { targetFolderId: elsewhereId }),
    ]
    for (const attempt of attempts) {
      const res = await attempt()
      expect(res.status, await res.clone().text()).toBe(423)
      expect(res.headers.get('content-type')).toContain('application/problem+json')
      expect(await res.json()).toMatchObject({ code: 'locked', detail: expect.stringMatching(/WebDAV/) })
    }
    expect(
      (await ownerDav('UNLOCK', 'My folders/Team/Inner/draft.txt', { headers: { 'Lock-Token': token } }))
        .status,
    ).toBe(204)
    const trashed = await editor.client.json(`/api/files/${fileId}`, 'DELETE')
    expect(trashed.status, await trashed.text()).toBe(200)
  })

  it('a deep lock on a folder covers the files inside it for the API', async () => {
    expect((await ownerDav('PUT', 'My folders/Team/Elsewhere/deep.txt', { body: 'deep' })).status).toBe(201)
    const fileId = await idOf('files', 'filename', 'deep.txt')
    const held = await ownerDav('LOCK', 'My folders/Team/Elsewhere', {
      body: LOCKINFO,
      headers: { Depth: 'infinity' },
    })
    expect(held.status).toBe(200)
    expect((await editor.client.json(`/api/files/${fileId}`, 'DELETE')).status).toBe(423)
    // The holder's own client is not stopped.
    expect(
      (await owner.client.json(`/api/files/${fileId}`, 'PATCH', { filename: 'deeper.txt' })).status,
    ).toBe(200)
    const token = held.headers.get('lock-token')!
    expect(
      (await ownerDav('UNLOCK', 'My folders/Team/Elsewhere', { headers: { 'Lock-Token': token } })).status,
    ).toBe(204)
  })
})
