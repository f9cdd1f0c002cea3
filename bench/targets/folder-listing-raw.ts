import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import SqliteDatabase from 'better-sqlite3'
import { Hono } from 'hono'
import { openDatabase } from '../../src/server/db/connection'
import { migrateToLatest } from '../../src/server/db/migrator'
import { seedFolderFiles } from '../lib/seed'
import { HOST, portOf, serveTarget } from '../lib/target-server'

// A folder listing's first page the leanest way: bare Hono and three raw better-sqlite3 prepared
// statements on the same schema and data as the Depot target (the folder with the caller's grant,
// a page of subfolders, a page of files, each in keyset order by name key then id), answering the
// same fields. No sign-in: the caller is fixed, so this is the floor Depot's auth and routing sit on.
// Arguments: count, user id, folder id (as the Depot target's).
const count = Number(process.argv[2] ?? 100_000)
const ids = { userId: process.argv[3]!, folderId: process.argv[4]! }

type FolderRow = {
  id: string
  folder_name: string
  type: string
  parent_id: string | null
  isTrashed: number
  createdBy: string | null
  createdAt: string
  updatedAt: string
  grant: string | null
}
type FileRow = {
  id: string
  filename: string
  mimetype: string
  originalname: string
  size: number
  folder_id: string
  isTrashed: number
  sha256: string | null
  createdBy: string | null
  createdAt: string
  updatedAt: string
}

serveTarget(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-raw-'))
  const file = path.join(dir, 'depot.sqlite')
  const setup = openDatabase({ dialect: 'sqlite', file })
  await migrateToLatest(setup)
  await seedFolderFiles(setup.db, ids, count)
  await setup.close()

  const sqlite = new SqliteDatabase(file)
  sqlite.pragma('journal_mode = WAL')
  const folderColumns = `f.id, f.folder_name, f.type, f.parent_id, f."isTrashed", f."createdBy", f."createdAt",
    f."updatedAt", p."permissionType" as "grant"`
  const folder = sqlite.prepare(
    `select ${folderColumns} from folders f
     left join folder_permissions p on p.folder_id = f.id and p.user_id = ? where f.id = ?`,
  )
  const subfolders = sqlite.prepare(
    `select ${folderColumns} from folders f
     left join folder_permissions p on p.folder_id = f.id and p.user_id = ?
     where f.parent_id = ? and f."isTrashed" = 0 and (f.type = 'public' or p.id is not null)
     order by f.name_key, f.id limit ?`,
  )
  const files = sqlite.prepare(
    `select id, filename, mimetype, originalname, size, folder_id, "isTrashed", sha256, "createdBy",
       "createdAt", "updatedAt", name_key from files
     where folder_id = ? and "isTrashed" = 0 order by name_key, id limit ?`,
  )
  const abilities = (grant: string | null) => ({
    download: grant !== null,
    replace: grant === 'editor' || grant === 'administrator',
    rename: grant === 'administrator',
    move: grant === 'administrator',
    copy: grant === 'administrator',
    trash: grant === 'administrator',
  })
  const presentFolder = (row: FolderRow) => ({
    id: row.id,
    folder_name: row.folder_name,
    type: row.type,
    parent_id: row.parent_id,
    isTrashed: Boolean(row.isTrashed),
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    abilities: abilities(row.grant),
  })

  const app = new Hono()
  app.get('/api/folders/:id/children', (c) => {
    const pageSize = Number(c.req.query('pageSize') ?? 50)
    const opened = folder.get(ids.userId, c.req.param('id')) as FolderRow | undefined
    if (!opened?.grant) return c.json({ title: 'Not found' }, 404)
    const folderRows = subfolders.all(ids.userId, opened.id, pageSize + 1) as FolderRow[]
    const room = pageSize - Math.min(folderRows.length, pageSize)
    const fileRows = room > 0 ? (files.all(opened.id, room + 1) as (FileRow & { name_key: string })[]) : []
    const last = fileRows.length > room ? fileRows[room - 1] : undefined
    return c.json({
      folder: presentFolder(opened),
      breadcrumbs: [],
      folders: folderRows.slice(0, pageSize).map(presentFolder),
      files: fileRows.slice(0, room).map((row) => ({
        id: row.id,
        filename: row.filename,
        mimetype: row.mimetype,
        originalname: row.originalname,
        size: row.size,
        folder_id: row.folder_id,
        isTrashed: Boolean(row.isTrashed),
        sha256: row.sha256,
        createdBy: row.createdBy,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        abilities: abilities(opened.grant),
      })),
      pageSize,
      nextCursor: last
        ? Buffer.from(JSON.stringify(['f', last.name_key, last.id])).toString('base64url')
        : null,
    })
  })
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: HOST }, () => resolve(s))
  })
  return {
    port: portOf(server.address()),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      sqlite.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
})
