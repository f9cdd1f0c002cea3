import { encodeCursor } from '../../src/server/lib/list-query/cursor'
import { serveTarget } from '../lib/target-server'
import { rawPool, serveJson } from './raw-pg'

// A folder listing's first page the leanest way on PostgreSQL: node:http and a pg.Pool, three
// statements (the folder with the caller's grant, then Depot's own statements for a page of
// subfolders and a page of files, keyset order by name key then id), answering the same bytes as
// Depot for a customer holding an administrator grant on a locked top folder. It reads the database
// the Depot target seeded (that target starts first); the caller is fixed, so this is the floor
// Depot's auth, path check and routing sit on. Arguments: user id, folder id (as the Depot target's).
const userId = process.argv[2]!

const FOLDER_COLUMNS = `f.id, f.folder_name, f.type, f.parent_id, f."isTrashed", f."createdBy", f."createdAt",
  f."updatedAt", p."permissionType" as "grant"`
const FOLDER = `select ${FOLDER_COLUMNS} from folders f
  left join folder_permissions p on p.folder_id = f.id and p.user_id = $1 where f.id = $2`
// Depot's statements, as it sends them (captured from its query log).
const SUBFOLDERS = `select ${FOLDER_COLUMNS}, cast(f.name_key as text) as "__keyset_key", f.id as "__keyset_id"
  from folders as f left join folder_permissions as p on p.folder_id = f.id and p.user_id = $1
  where f.parent_id = $2 and f."isTrashed" = $3 and f.name_key is not null
  order by f.name_key asc, f.id asc limit $4`
const FILES = `select files.id, files.filename, files.mimetype, files.originalname, files.size, files.folder_id,
  files."isTrashed", files.sha256, files."createdBy", files."createdAt", files."updatedAt", files."clientModifiedAt",
  cast(files.name_key as text) as "__keyset_key", files.id as "__keyset_id" from files
  where files.folder_id = $1 and files."isTrashed" = $2 and files.name_key is not null
  order by files.name_key asc, files.id asc limit $3`

type FolderRow = {
  id: string
  folder_name: string
  type: string
  parent_id: string | null
  isTrashed: boolean
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
  isTrashed: boolean
  sha256: string | null
  createdBy: string | null
  createdAt: string
  updatedAt: string
  clientModifiedAt: string | null
  __keyset_key: string
  __keyset_id: string
}

// A customer's administrator grant on a locked folder, as Depot presents it.
const FOLDER_ABILITIES = {
  list: true,
  write: true,
  rename: true,
  move: true,
  trash: true,
  copy: true,
  share: true,
  makeLocked: false,
  makePublic: false,
}
const FILE_ABILITIES = { download: true, replace: true, rename: true, move: true, copy: true, trash: true }

const presentFolder = (row: FolderRow) => ({
  id: row.id,
  folder_name: row.folder_name,
  type: row.type,
  parent_id: row.parent_id,
  isTrashed: row.isTrashed,
  createdBy: row.createdBy,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  access: { level: row.grant, via: 'grant' },
  abilities: FOLDER_ABILITIES,
})

serveTarget(async () => {
  const pool = rawPool()
  return serveJson(
    pool,
    async (url) => {
      const folderId = url.pathname.split('/')[3]!
      const pageSize = Number(url.searchParams.get('pageSize') ?? 50)
      const opened = (await pool.query<FolderRow>(FOLDER, [userId, folderId])).rows[0]
      if (!opened?.grant) throw new Error('no grant')
      const folderRows = (await pool.query<FolderRow>(SUBFOLDERS, [userId, folderId, false, pageSize + 1]))
        .rows
      const room = pageSize - Math.min(folderRows.length, pageSize)
      const fileRows = room > 0 ? (await pool.query<FileRow>(FILES, [folderId, false, room + 1])).rows : []
      const last = fileRows.length > room ? fileRows[room - 1] : undefined
      return {
        folder: presentFolder(opened),
        breadcrumbs: [],
        audience: { kind: 'members' },
        folders: folderRows.slice(0, pageSize).map(presentFolder),
        files: fileRows.slice(0, room).map((row) => ({
          id: row.id,
          filename: row.filename,
          mimetype: row.mimetype,
          originalname: row.originalname,
          size: row.size,
          folder_id: row.folder_id,
          isTrashed: row.isTrashed,
          sha256: row.sha256,
          createdBy: row.createdBy,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
          modifiedAt: row.clientModifiedAt ?? row.updatedAt,
          abilities: FILE_ABILITIES,
        })),
        pageSize,
        nextCursor: last ? encodeCursor('name:asc', ['f', last.__keyset_key, last.__keyset_id]) : null,
      }
    },
    // A signed-in page: Depot marks it not to be stored.
    { 'Cache-Control': 'no-store' },
  )
})
