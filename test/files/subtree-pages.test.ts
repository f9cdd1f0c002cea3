import type { KyselyPlugin } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadSubtree } from '../../src/server/features/files/items/tree.repository'
import { newId } from '../../src/server/lib/ids'
import { insertFile, insertFiles, insertFolder } from '../support/factories'
import { createTestApp, type TestApp } from '../support/test-app'

// A subtree is read in bounded statements (docs/decisions/0103): SQLite runs on the event loop, so one
// statement over a big folder would freeze the server for its length. The whole subtree still comes
// back, every row once, parents before children, a big folder's trashed files included.

const BOUND = 2000
const BIG = 4500 // more than two pages of untrashed files
const BIG_TRASHED = 2100 // more than a page of trashed ones

let t: TestApp
let rootId: string
const expectedFiles = new Set<string>()
const expectedFolders = new Set<string>()

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const root = await insertFolder(db, { folder_name: 'Root' })
  rootId = root.id
  const big = await insertFolder(db, { folder_name: 'Big', parent_id: root.id })
  const small = await insertFolder(db, { folder_name: 'Small', parent_id: root.id })
  const deep = await insertFolder(db, { folder_name: 'Deep', parent_id: small.id })
  for (const f of [root, big, small, deep]) expectedFolders.add(f.id)
  // Many small folders one level down: read together, not one statement each.
  for (let i = 0; i < 30; i++) {
    const leaf = await insertFolder(db, { folder_name: `Leaf ${i}`, parent_id: deep.id })
    expectedFolders.add(leaf.id)
    expectedFiles.add((await insertFile(db, leaf.id)).id)
  }
  for (const f of [root, small, deep]) expectedFiles.add((await insertFile(db, f.id)).id)
  await db.transaction().execute(async (trx) => {
    const rows = await insertFiles(trx, big.id, BIG + BIG_TRASHED, (n) => ({
      filename: `file-${n}.txt`,
      size: 1,
      isTrashed: n >= BIG,
    }))
    for (const r of rows) expectedFiles.add(r.id)
  })
})

describe('loadSubtree', () => {
  it('reads a big subtree whole, in statements of at most 2,000 rows', async () => {
    const sizes: number[] = []
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        sizes.push(args.result.rows.length)
        return args.result
      },
    }
    const tree = await loadSubtree(t.database.db.withPlugin(counting), rootId)

    expect(Math.max(...sizes)).toBeLessThanOrEqual(BOUND)
    expect(sizes.length).toBeGreaterThan(4)
    const fileIds = tree.files.map((f) => f.id)
    expect(new Set(fileIds).size).toBe(fileIds.length)
    expect(new Set(fileIds)).toEqual(expectedFiles)
    expect(tree.files.filter((f) => f.isTrashed)).toHaveLength(BIG_TRASHED)

    const folderIds = tree.folders.map((f) => f.id)
    expect(new Set(folderIds)).toEqual(expectedFolders)
    expect(tree.folders[0]).toMatchObject({ id: rootId, depth: 0 })
    const seen = new Set<string>()
    for (const f of tree.folders) {
      if (f.id !== rootId) {
        expect(seen.has(f.parent_id!)).toBe(true)
        expect(f.depth).toBe(tree.folders.find((p) => p.id === f.parent_id)!.depth + 1)
      }
      seen.add(f.id)
    }
  })

  it('answers nothing for a folder that does not exist', async () => {
    expect(await loadSubtree(t.database.db, newId())).toEqual({ folders: [], files: [] })
  })
})
