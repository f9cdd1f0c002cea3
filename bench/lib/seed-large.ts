import { newId } from '../../src/server/lib/ids'
import { nameKey } from '../../src/shared/names'
import type { BenchDatabase } from './bench-database'
import { type BulkWriter, postgresBulkWriter, type Row, sqliteBulkWriter } from './bulk-insert'
import { seedInboxAndShop } from './seed-large-business'
import { BASE_MS, type LargeSizes, largeSizes, pad7, stamp } from './seed-large-sizes'

// A large Depot for the scale benchmark, scaled by one number, the files (10k, 100k, 1M):
// - files: a tenth in one locked top folder (the largest folder, 100k at 1M); a tenth in a locked
//   "Projects" tree (the subtree the benchmark trashes and restores); the rest in customers' locked
//   top folders, each a tree of public subfolders four levels deep (three children each, 40 folders a
//   tree), about a hundred files a folder. Every top folder is granted (folder_permissions, as sharing
//   does) to its owner as administrator and to another customer as viewer; public subfolders inherit.
// - users: a tenth of the files (100k at 1M), customers; plus one admin and the measuring customer,
//   who holds a viewer grant on the largest folder, administrator on Projects and viewer on two
//   customers' trees.
// - inbox: as many quote requests as files (the 1M-row export), a tenth as many contacts and e-book
//   addresses; a third pending.
// - shop: a hundredth as many products (10k at 1M), a fifth as many orders (200k at 1M) with two lines
//   each, four in five paid; the dashboard's day-total triggers (migration 0053) fire on every insert.
// Straight driver inserts in one transaction (bulk-insert.ts); on PostgreSQL a VACUUM ANALYZE afterwards,
// as autovacuum would have done on a live database (statistics, and the visibility map that lets
// index-only scans skip the table).

export interface LargeSeed {
  sizes: LargeSizes
  adminId: string
  customerId: string
  /** The largest folder (a tenth of the files), granted to the customer. */
  bigFolderId: string
  bigFolderFiles: number
  /** A fourth-level folder of a tree the customer may read, about a hundred files. */
  deepFolderId: string
  deepFolderFiles: number
  /** The top of the Projects tree: a tenth of the files in 40 folders. */
  subtreeId: string
  subtreeFiles: number
  folders: number
  grants: number
  /** A text many names contain, and one only ten names contain (all in the largest folder). */
  commonTerm: string
  rareTerm: string
  /** Wall-clock seconds, per part and in all. */
  seconds: Record<string, number>
}

const WORDS = ['report', 'invoice', 'photo', 'scan', 'contract', 'draft', 'notes', 'budget']
const EXTENSIONS: [string, string][] = [
  ['pdf', 'application/pdf'],
  ['txt', 'text/plain'],
  ['jpg', 'image/jpeg'],
  ['csv', 'text/csv'],
]
const BRANCHING = 3
const LEVELS = 4
const FILES_PER_FOLDER = 100
interface Folder {
  id: string
  name: string
  type: 'public' | 'locked'
  parentId: string | null
  ownerId: string
  files: number
  depth: number
}

/** A top folder and its public subfolders, `files` spread evenly over all of them. */
function tree(name: string, ownerId: string, files: number): Folder[] {
  const folders: Folder[] = []
  const add = (folderName: string, parentId: string | null, depth: number) => {
    const folder: Folder = {
      id: newId(),
      name: folderName,
      type: parentId ? 'public' : 'locked',
      parentId,
      ownerId,
      files: 0,
      depth,
    }
    folders.push(folder)
    if (depth < LEVELS)
      for (let k = 1; k <= BRANCHING; k++)
        add(`${folderName.split(' ')[0]} ${depth}.${k}`, folder.id, depth + 1)
  }
  add(name, null, 1)
  folders.forEach((f, i) => {
    f.files = Math.floor(files / folders.length) + (i < files % folders.length ? 1 : 0)
  })
  return folders
}

export async function seedLarge(
  on: BenchDatabase | undefined,
  sqliteFile: string,
  files: number,
): Promise<LargeSeed> {
  const sizes = largeSizes(files)
  const seconds: Record<string, number> = {}
  const started = performance.now()
  const writer: BulkWriter = on?.url ? await postgresBulkWriter(on.url) : sqliteBulkWriter(sqliteFile)
  const timed = async (what: string, work: () => Promise<unknown>) => {
    const at = performance.now()
    await work()
    seconds[what] = (performance.now() - at) / 1000
  }

  // Users: the customers, then the measuring customer and the admin.
  const userIds = Array.from({ length: sizes.users }, (_, i) => newId(BASE_MS + i * 1000))
  const customerId = newId()
  const adminId = newId()
  await timed('users', () =>
    writer.insert(
      'users',
      [
        'id',
        'first_name',
        'last_name',
        'name',
        'email',
        'emailVerified',
        'account_type',
        'isRestricted',
        'role',
        'staffFunctions',
        'business_name',
        'industry',
        'createdAt',
        'updatedAt',
      ],
      (function* (): Generator<Row> {
        for (let i = 0; i < sizes.users; i++) {
          const at = stamp(i, sizes.users)
          yield [
            userIds[i],
            `First${i}`,
            `Last${i}`,
            `First${i} Last${i}`,
            `user${i}@example.com`,
            at,
            i % 5 === 0 ? 'corporate' : 'individual',
            false,
            'user',
            '[]',
            i % 5 === 0 ? `Business ${i} Ltd` : null,
            i % 5 === 0 ? 'Retail' : null,
            at,
            at,
          ]
        }
        const now = new Date().toISOString()
        for (const [id, who, role] of [
          [customerId, 'customer', 'user'],
          [adminId, 'admin', 'admin'],
        ] as const)
          yield [
            id,
            'Bench',
            who,
            `Bench ${who}`,
            `bench-${who}@example.com`,
            now,
            'individual',
            false,
            role,
            '[]',
            null,
            null,
            now,
            now,
          ]
      })(),
    ),
  )

  // Folders: the largest folder, Projects, and the customers' trees.
  const big: Folder = {
    id: newId(),
    name: 'Largest folder',
    type: 'locked',
    parentId: null,
    ownerId: userIds[0]!,
    files: Math.round(files / 10),
    depth: 1,
  }
  const projects = tree('Projects', customerId, Math.round(files / 10))
  const rest = files - big.files - Math.round(files / 10)
  const treeSize = (BRANCHING ** LEVELS - 1) / (BRANCHING - 1)
  const tops = Math.max(1, Math.round(rest / FILES_PER_FOLDER / treeSize))
  const others: Folder[][] = []
  for (let t = 0; t < tops; t++) {
    const share = Math.floor(rest / tops) + (t < rest % tops ? 1 : 0)
    others.push(tree(`Customer ${t}`, userIds[(t * 7 + 1) % sizes.users]!, share))
  }
  const folders = [big, ...projects, ...others.flat()]
  const deep = others[0]!.find((f) => f.depth === LEVELS)!
  await timed('folders', () =>
    writer.insert(
      'folders',
      [
        'id',
        'folder_name',
        'name_key',
        'type',
        'isTrashed',
        'parent_id',
        'createdBy',
        'createdAt',
        'updatedAt',
      ],
      folders.map((f, i) => {
        const at = stamp(i, folders.length)
        return [f.id, f.name, nameKey(f.name), f.type, false, f.parentId, f.ownerId, at, at]
      }),
    ),
  )

  // Grants, as sharing makes them: each top's owner administers it, another customer views it; the
  // measuring customer views the largest folder and two customers' trees.
  const grants: Row[] = []
  const grant = (folderId: string, userId: string, type: string, i: number) => {
    const at = stamp(i, folders.length)
    grants.push([newId(), folderId, userId, type, at, at])
  }
  grant(big.id, big.ownerId, 'administrator', 0)
  grant(big.id, customerId, 'viewer', 0)
  grant(projects[0]!.id, customerId, 'administrator', 1)
  others.forEach((t, k) => {
    const top = t[0]!
    grant(top.id, top.ownerId, 'administrator', k)
    const viewer = userIds[(k * 11 + 5) % sizes.users]!
    if (viewer !== top.ownerId) grant(top.id, viewer, 'viewer', k)
    if (k < 2) grant(top.id, customerId, 'viewer', k)
  })
  await timed('grants', () =>
    writer.insert(
      'folder_permissions',
      ['id', 'folder_id', 'user_id', 'permissionType', 'createdAt', 'updatedAt'],
      grants,
    ),
  )

  // Files, numbered across the whole site: the largest folder's are 0 … files/10 − 1.
  await timed('files', () =>
    writer.insert(
      'files',
      [
        'id',
        'filename',
        'name_key',
        'mimetype',
        'originalname',
        'path',
        'size',
        'folder_id',
        'isTrashed',
        'createdBy',
        'createdAt',
        'updatedAt',
      ],
      (function* (): Generator<Row> {
        let n = 0
        for (const folder of folders)
          for (let k = 0; k < folder.files; k++, n++) {
            const [ext, type] = EXTENSIONS[n % EXTENSIONS.length]!
            const name = `${WORDS[(n * 5) % WORDS.length]}-${pad7(n)}.${ext}`
            const at = stamp(n, files)
            yield [
              newId(),
              name,
              nameKey(name),
              type,
              name,
              newId(),
              1000 + (n % 100_000),
              folder.id,
              false,
              folder.ownerId,
              at,
              at,
            ]
          }
      })(),
    ),
  )

  // Inbox and shop (seed-large-business.ts).
  await seedInboxAndShop(writer, sizes, userIds, timed)

  await timed('commit', () => (on?.url ? writer.exec('select 1') : Promise.resolve()))
  if (on?.url) await timed('vacuum analyze', () => writer.exec('vacuum analyze'))
  await writer.finish()
  seconds.total = (performance.now() - started) / 1000

  const rareAt = Math.floor(big.files / 20 / 10) * 10
  return {
    sizes,
    adminId,
    customerId,
    bigFolderId: big.id,
    bigFolderFiles: big.files,
    deepFolderId: deep.id,
    deepFolderFiles: deep.files,
    subtreeId: projects[0]!.id,
    subtreeFiles: projects.reduce((sum, f) => sum + f.files, 0),
    folders: folders.length,
    grants: grants.length,
    commonTerm: 'report',
    rareTerm: pad7(rareAt).slice(0, 6),
    seconds,
  }
}
