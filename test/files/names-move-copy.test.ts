import { beforeAll, describe, expect, it } from 'vitest'
import { createFileRecord } from '../../src/server/features/files/items/files.repository'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { blobText, file, fileRow, folder, folderRow, status } from './helpers'

// Names, moves and copies (product.md §2): one namespace per folder for files and subfolders, compared
// after NFC and case folding; moves onto a taken name answer 409 unless told rename, replace or skip;
// copies and creates never overwrite, even two at once; a folder never moves into its own subtree;
// copies are deep, with new ids and blobs, and leave out what the caller cannot open.

let t: TestApp
let owner: Person
let outsider: Person

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Olga Tester' })
  outsider = await signedIn(t, { name: 'Otto Tester' })
})

async function space() {
  const top = await folder(t, `Space ${Math.random()}`)
  await grant(t, top.id, owner.id, 'administrator')
  const a = await folder(t, 'A', { parent_id: top.id, type: 'public' })
  const b = await folder(t, 'B', { parent_id: top.id, type: 'public' })
  return { top, a, b }
}

describe('creating', () => {
  it('top-level folders are locked and administered by their creator; public ones are for super users', async () => {
    const created = await call(owner, 'POST', '/api/folders', { folder_name: 'Invoices' }, 201)
    expect(created).toMatchObject({ type: 'locked', parent_id: null, access: { level: 'administrator' } })
    expect(await status(owner, 'POST', '/api/folders', { folder_name: 'Open', type: 'public' })).toBe(403)
    const admin = await signedIn(t, { name: 'Ada Tester', role: 'admin' })
    expect(
      (await call(admin, 'POST', '/api/folders', { folder_name: 'Open', type: 'public' }, 201)).type,
    ).toBe('public')
  })

  it('refuses bad names per field', async () => {
    const res = await call(owner.client, 'POST', '/api/folders', { folder_name: 'a/b' }, 422)
    expect(res.errors!.folder_name).toBeDefined()
  })

  it('a subfolder takes a free name when a file holds it (one namespace)', async () => {
    const { a } = await space()
    await file(t, a.id, 'Reports')
    const sub = await call(owner, 'POST', '/api/folders', { folder_name: 'reports', parent_id: a.id }, 201)
    expect(sub.folder_name).toBe('reports (1)')
  })

  it('a new item passes every taken alternative, however many, and counts no trashed one', async () => {
    const { a } = await space()
    // `Plan.txt` and `Plan (1).txt` … `Plan (60).txt` taken, one of them by a folder: more
    // alternatives than one lookup asks about; `Plan (61).txt` is in the trash and so free.
    await file(t, a.id, 'plan.TXT')
    for (let n = 1; n <= 60; n++) {
      if (n === 30) await folder(t, 'Plan (30).txt', { parent_id: a.id, type: 'public' })
      else await file(t, a.id, `Plan (${n}).txt`)
    }
    await file(t, a.id, 'Plan (61).txt', 'gone', { isTrashed: true })
    const created = await call(
      owner,
      'POST',
      '/api/folders',
      { folder_name: 'Plan.txt', parent_id: a.id },
      201,
    )
    expect(created.folder_name).toBe('Plan (61).txt')
    const free = await call(owner, 'POST', '/api/folders', { folder_name: 'Other', parent_id: a.id }, 201)
    expect(free.folder_name).toBe('Other')
  })

  it('two concurrent creates of the same name both survive, with a suffix', async () => {
    const { a } = await space()
    const [one, two] = await Promise.all([
      call(owner, 'POST', '/api/folders', { folder_name: 'Same', parent_id: a.id }, 201),
      call(owner, 'POST', '/api/folders', { folder_name: 'Same', parent_id: a.id }, 201),
    ])
    expect([one.folder_name, two.folder_name].sort()).toEqual(['Same', 'Same (1)'])

    // Files through createFileRecord (the upload's way in), in concurrent transactions.
    const now = new Date()
    const names = await Promise.all(
      [1, 2, 3].map(() =>
        t.database.db.transaction().execute(async (trx) => {
          const row = await createFileRecord(trx, {
            folderId: a.id,
            wantedName: 'same.txt',
            blob: { key: crypto.randomUUID(), size: 0, sha256: null, sha1: null, md5: null },
            mimetype: 'text/plain',
            originalname: 'same.txt',
            createdBy: owner.id,
            now,
          })
          return row.filename
        }),
      ),
    )
    expect(names.sort()).toEqual(['same (1).txt', 'same (2).txt', 'same.txt'])
  })
})

describe('renaming', () => {
  it('answers 409 for a taken name, case and Unicode form ignored, and allows a change of case', async () => {
    const { a } = await space()
    await file(t, a.id, 'Café.txt')
    const other = await file(t, a.id, 'other.txt')
    const nfd = 'CAFE\u0301.TXT'
    expect(await status(owner, 'PATCH', `/api/files/${other.id}`, { filename: nfd })).toBe(409)
    const renamed = await call(owner, 'PATCH', `/api/files/${other.id}`, { filename: 'OTHER.txt' })
    expect(renamed.filename).toBe('OTHER.txt')
  })

  it('shares the namespace both ways: a file cannot take a subfolder’s name, nor a folder a file’s', async () => {
    const { top, a } = await space()
    const loose = await file(t, top.id, 'Notes')
    expect(await status(owner, 'PATCH', `/api/files/${loose.id}`, { filename: 'a' })).toBe(409)
    expect(await status(owner, 'PATCH', `/api/folders/${a.id}`, { folder_name: 'NOTES' })).toBe(409)
    // Trashed holders free the name.
    await call(owner, 'DELETE', `/api/files/${loose.id}`)
    const renamed = await call(owner, 'PATCH', `/api/folders/${a.id}`, { folder_name: 'Notes' })
    expect(renamed.folder_name).toBe('Notes')
  })
})

describe('moving', () => {
  it('answers 409 on a taken name unless told rename, replace or skip', async () => {
    const { a, b } = await space()
    const inA = await file(t, a.id, 'report.pdf', 'new')
    const inB = await file(t, b.id, 'REPORT.pdf', 'old')
    const res = await call(owner.client, 'POST', `/api/files/${inA.id}/move`, { targetFolderId: b.id }, 409)
    expect(res.code).toBe('name_taken')

    const skipped = await call(owner, 'POST', `/api/files/${inA.id}/move`, {
      targetFolderId: b.id,
      onConflict: 'skip',
    })
    expect(skipped.skipped).toBe(true)
    expect((await fileRow(t, inA.id))?.folder_id).toBe(a.id)

    const renamed = await call(owner, 'POST', `/api/files/${inA.id}/move`, {
      targetFolderId: b.id,
      onConflict: 'rename',
    })
    expect(renamed.name).toBe('report (1).pdf')

    const another = await file(t, a.id, 'report.pdf', 'newest')
    await call(owner, 'POST', `/api/files/${another.id}/move`, {
      targetFolderId: b.id,
      onConflict: 'replace',
    })
    expect((await fileRow(t, inB.id))?.isTrashed).toBe(true)
    expect(await fileRow(t, another.id)).toMatchObject({ folder_id: b.id, filename: 'report.pdf' })
  })

  it('treats NFC and NFD spellings of one name as the same name on move, copy and restore', async () => {
    const { a, b } = await space()
    await file(t, b.id, 'Caf\u00e9.pdf')
    const nfd = await file(t, a.id, 'Cafe\u0301.pdf')
    expect(await status(owner, 'POST', `/api/files/${nfd.id}/move`, { targetFolderId: b.id })).toBe(409)
    const copied = await call(owner, 'POST', `/api/files/${nfd.id}/copy`, { targetFolderId: b.id }, 201)
    expect(copied.name).toBe('Caf\u00e9 (1).pdf')
    const moved = await call(owner, 'POST', `/api/files/${nfd.id}/move`, {
      targetFolderId: b.id,
      onConflict: 'rename',
    })
    expect(moved.name).toBe('Caf\u00e9 (2).pdf')
    await call(owner, 'DELETE', `/api/files/${nfd.id}`)
    await file(t, b.id, 'CAFE\u0301 (2).PDF')
    const entry = await t.database.db
      .selectFrom('trash_items')
      .select('id')
      .where('item_id', '=', nfd.id)
      .executeTakeFirstOrThrow()
    const restored = await call(owner, 'POST', `/api/trash/${entry.id}/restore`, {})
    expect(restored.name).toBe('Caf\u00e9 (2) (1).pdf')
  })

  it('refuses a move of a folder into itself or a descendant', async () => {
    const { a } = await space()
    const child = await folder(t, 'child', { parent_id: a.id, type: 'public' })
    const grandchild = await folder(t, 'grandchild', { parent_id: child.id, type: 'public' })
    for (const target of [a.id, child.id, grandchild.id]) {
      const res = await call(
        owner.client,
        'POST',
        `/api/folders/${a.id}/move`,
        { targetFolderId: target },
        422,
      )
      expect(res.code).toBe('move_into_itself')
    }
    expect((await folderRow(t, a.id))?.parent_id).not.toBe(grandchild.id)
  })

  it('needs the right on everything a folder holds', async () => {
    const { top, a, b } = await space()
    const editor = await signedIn(t, { name: 'Eve Tester' })
    await grant(t, top.id, editor.id, 'editor')
    const hidden = await folder(t, 'hidden', { parent_id: a.id, type: 'locked' })
    await file(t, hidden.id, 'secret.txt')
    expect(await status(editor, 'POST', `/api/folders/${a.id}/move`, { targetFolderId: b.id })).toBe(403)
    expect(await status(editor, 'DELETE', `/api/folders/${a.id}`)).toBe(403)
    // The owner administers the top and so everything public below it, but not the locked folder inside:
    // super users and its own grantees only.
    await grant(t, hidden.id, owner.id, 'administrator')
    await call(owner, 'POST', `/api/folders/${a.id}/move`, { targetFolderId: b.id })
    expect((await folderRow(t, a.id))?.parent_id).toBe(b.id)
  })

  it('moves a selection with one result per item and one notification', async () => {
    const { a, b } = await space()
    const f1 = await file(t, a.id, 'one.txt')
    const f2 = await file(t, a.id, 'two.txt')
    await file(t, b.id, 'two.txt')
    const res = await call(owner, 'POST', '/api/items/move', {
      targetFolderId: b.id,
      items: [
        { type: 'file', id: f1.id },
        { type: 'file', id: f2.id },
        { type: 'file', id: crypto.randomUUID() },
      ],
    })
    expect(res.results.map((r: { status: string; httpStatus: number }) => [r.status, r.httpStatus])).toEqual([
      ['ok', 200],
      ['failed', 409],
      ['failed', 404],
    ])
    const notes = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('action', '=', 'moved')
      .where('folder_id', '=', b.id)
      .execute()
    expect(notes).toHaveLength(1)
  })
})

describe('copying', () => {
  it('copies a file under a free name with its own blob, zero bytes too', async () => {
    const { a } = await space()
    const original = await file(t, a.id, 'report.pdf', 'the report')
    const copy = await call(owner, 'POST', `/api/files/${original.id}/copy`, { targetFolderId: a.id }, 201)
    expect(copy.name).toBe('report (1).pdf')
    const row = await fileRow(t, copy.id)
    expect(row?.path).not.toBe(original.path)
    expect(await blobText(t, row!.path)).toBe('the report')
    expect(row?.sha256).toBe(original.sha256)

    const empty = await file(t, a.id, 'empty', '')
    const emptyCopy = await call(owner, 'POST', `/api/files/${empty.id}/copy`, { targetFolderId: a.id }, 201)
    expect(emptyCopy.name).toBe('empty (1)')
    expect((await fileRow(t, emptyCopy.id))?.size).toBe(0)
  })

  it('copies a folder deeply with new ids, leaving out subfolders the caller cannot open', async () => {
    const { top, a, b } = await space()
    const editor = await signedIn(t, { name: 'Ed Tester' })
    await grant(t, top.id, editor.id, 'editor')
    const open = await folder(t, 'open', { parent_id: a.id, type: 'public' })
    await file(t, open.id, 'inside.txt', 'inside')
    const closed = await folder(t, 'closed', { parent_id: a.id, type: 'locked' })
    await file(t, closed.id, 'copy-secret.txt')
    const copy = await call(editor, 'POST', `/api/folders/${a.id}/copy`, { targetFolderId: b.id }, 201)
    expect(copy.id).not.toBe(a.id)
    const listing = await call(editor, 'GET', `/api/folders/${copy.id}/children`)
    expect(listing.folders.map((f: { folder_name: string }) => f.folder_name)).toEqual(['open'])
    const openCopy = listing.folders[0]
    expect(openCopy).toBeDefined()
    expect(openCopy!.id).not.toBe(open.id)
    const inner = await call(editor, 'GET', `/api/folders/${openCopy!.id}/children`)
    expect(inner.files.map((f: { filename: string }) => f.filename)).toEqual(['inside.txt'])
    expect(await blobText(t, (await fileRow(t, inner.files[0]!.id))!.path)).toBe('inside')
    const secretCopies = await t.database.db
      .selectFrom('files')
      .select('id')
      .where('filename', '=', 'copy-secret.txt')
      .execute()
    expect(secretCopies).toHaveLength(1)
  })

  it('reveals nothing to an outsider: 404 for what they cannot open', async () => {
    const { a, b } = await space()
    const f = await file(t, a.id, 'x.txt')
    expect(await status(outsider, 'GET', `/api/files/${f.id}`)).toBe(404)
    expect(await status(outsider, 'POST', `/api/files/${f.id}/copy`, { targetFolderId: b.id })).toBe(404)
    expect(await status(outsider, 'GET', `/api/folders/${a.id}/children`)).toBe(404)
  })
})
