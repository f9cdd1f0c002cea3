import { beforeAll, describe, expect, it } from 'vitest'
import { metadataHeader, tusBase } from '../files-transfer/helpers'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { file, fileRow, folder, folderRow } from './helpers'

// Names that lie (src/shared/names.ts): bidi controls, zero-width and format characters, line and
// paragraph separators, blanks at either end and Windows device names are refused where a user types a
// name (upload, rename, new folder) with a 422 naming the field and the problem; where the server makes
// a name from a stored one (copy, restore) it makes an acceptable one.

let t: TestApp
let owner: Person
let top: { id: string }

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Olga Tester' })
  top = await folder(t, 'Names')
  await grant(t, top.id, owner.id, 'administrator')
})

const LIARS: [string, RegExp][] = [
  ['invoice\u202egpj.exe', /invisible or text-direction/],
  ['zero\u200bwidth.txt', /invisible or text-direction/],
  ['para\u2029graph.txt', /invisible or text-direction/],
  ['\u00a0leading.txt', /cannot start with a space/],
  ['trailing.txt\u3000', /cannot end with a dot, a space/],
  ['con.txt', /reserved by Windows/],
  ['LPT3', /reserved by Windows/],
]

describe.each(LIARS)('%j', (name, message) => {
  it('is refused for a new folder, with the reason on the field', async () => {
    const res = await call(
      owner.client,
      'POST',
      '/api/folders',
      { folder_name: name, parent_id: top.id },
      422,
    )
    expect(res.errors!.folder_name!.join(' ')).toMatch(message)
  })

  it('is refused when renaming a folder or a file', async () => {
    const sub = await folder(t, `Sub ${Math.random()}`, { parent_id: top.id, type: 'public' })
    const res = await call(owner.client, 'PATCH', `/api/folders/${sub.id}`, { folder_name: name }, 422)
    expect(res.errors!.folder_name!.join(' ')).toMatch(message)
    expect((await folderRow(t, sub.id))!.folder_name).toBe(sub.folder_name)

    const f = await file(t, top.id, `plain ${Math.random()}.txt`)
    const renamed = await call(owner.client, 'PATCH', `/api/files/${f.id}`, { filename: name }, 422)
    expect(renamed.errors!.filename!.join(' ')).toMatch(message)
    expect((await fileRow(t, f.id))!.filename).toBe(f.filename)
  })

  it('is refused for an upload before any byte', async () => {
    const res = await owner.client.request('/api/uploads', {
      method: 'POST',
      headers: {
        ...tusBase,
        'Upload-Length': '10',
        'Upload-Metadata': metadataHeader({ filename: name, folder_id: top.id }),
      },
    })
    expect(res.status).toBe(422)
    expect((await res.json()).errors.filename.join(' ')).toMatch(message)
  })
})

describe('names stored under older rules', () => {
  it('a copy gets an acceptable name, for the file and for every folder of a deep copy', async () => {
    const source = await folder(t, 'Source\u200b', { parent_id: top.id, type: 'public' })
    await folder(t, 'AUX', { parent_id: source.id, type: 'public' })
    await file(t, source.id, 'photo\u202egpj.exe')
    const target = await folder(t, `Target ${Math.random()}`, { parent_id: top.id, type: 'public' })

    const copied = await call(
      owner,
      'POST',
      `/api/folders/${source.id}/copy`,
      { targetFolderId: target.id },
      201,
    )
    expect(copied.name).toBe('Source')
    const children = await call(owner, 'GET', `/api/folders/${copied.id}/children`)
    expect(children.folders.map((f: { folder_name: string }) => f.folder_name)).toEqual(['_AUX'])
    expect(children.files.map((f: { filename: string }) => f.filename)).toEqual(['photogpj.exe'])

    const lone = await file(t, top.id, ' spaced.txt ')
    const one = await call(owner, 'POST', `/api/files/${lone.id}/copy`, { targetFolderId: target.id }, 201)
    expect(one.name).toBe('spaced.txt')
  })

  it('a restore gets an acceptable name', async () => {
    const f = await file(t, top.id, 'nul.txt')
    await call(owner, 'DELETE', `/api/files/${f.id}`)
    const entry = await t.database.db
      .selectFrom('trash_items')
      .select('id')
      .where('item_id', '=', f.id)
      .executeTakeFirstOrThrow()
    await call(owner, 'POST', `/api/trash/${entry.id}/restore`, {})
    expect((await fileRow(t, f.id))!.filename).toBe('_nul.txt')
  })
})
