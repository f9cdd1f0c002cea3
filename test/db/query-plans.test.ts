import { type Compilable, CompiledQuery, sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/connection'
import { withReadableFolders } from '../../src/server/db/readable-folders'
import { userByEmailQuery } from '../../src/server/features/accounts/users.repository'
import { filteredUsers, USER_LIST_COLUMNS } from '../../src/server/features/admin/users.repository'
import { AUDIT_LIST_COLUMNS, filteredAuditEvents } from '../../src/server/features/audit/audit.repository'
import { loadFolderPathQuery } from '../../src/server/features/files/access/folder-access.repository'
import { childFilesQuery, childFoldersQuery } from '../../src/server/features/files/items/children.repository'
import {
  nameSearchQuery,
  namesInOrderQuery,
} from '../../src/server/features/files/items/name-search.repository'
import {
  deleteRestoredFileEntries,
  insertFileEntries,
  markFilesRestored,
  markFilesTrashed,
} from '../../src/server/features/files/trash/trash-files.repository'
import { CONTACT_LIST_COLUMNS, filteredContacts } from '../../src/server/features/inbox/contacts.repository'
import { EBOOK_LIST_COLUMNS, filteredEbookRequests } from '../../src/server/features/inbox/ebook.repository'
import {
  contactsFromQuery,
  quotesFromQuery,
} from '../../src/server/features/inbox/inbound/my-requests.repository'
import { filteredQuotes, QUOTE_LIST_COLUMNS } from '../../src/server/features/inbox/quotes.repository'
import { passQuery } from '../../src/server/features/notifications/notification-stream.repository'
import { eligibleNotifications } from '../../src/server/features/notifications/notifications.repository'
import { unreadCountQuery } from '../../src/server/features/notifications/unread-count.repository'
import {
  CATALOGUE_COLUMNS,
  listedProducts,
  managedProducts,
  PRODUCT_LIST_COLUMNS,
} from '../../src/server/features/shop/catalogue/products.repository'
import { filteredOrders, ORDER_LIST_COLUMNS } from '../../src/server/features/shop/orders/orders.repository'
import { applyListQuery } from '../../src/server/lib/list-query/apply-list-query'
import { keysetBatchQuery } from '../../src/server/lib/list-query/query-batches'
import { BLOB_REFERENCES, keysNamedIn } from '../../src/server/lib/storage/blob-references.repository'
import { adminUserListQuerySchema } from '../../src/shared/contract/admin-users'
import { auditListQuerySchema } from '../../src/shared/contract/audit'
import { SORT_KEYS, type SortKey } from '../../src/shared/contract/files'
import {
  contactListQuerySchema,
  ebookListQuerySchema,
  quoteListQuerySchema,
} from '../../src/shared/contract/inbox-staff'
import { orderListQuerySchema } from '../../src/shared/contract/shop/orders'
import { catalogueQuerySchema, productListQuerySchema } from '../../src/shared/contract/shop/products'
import type { StaffFunction } from '../../src/shared/enums'
import { createTestApp, type TestApp } from '../support/test-app'
import { testDialect } from '../support/test-database'

// The hot queries read through an index on both databases: a list page in its default order (and the
// count beside it) never scans or sorts the whole table, and the trash finds entries by item.
//
// SQLite: EXPLAIN QUERY PLAN must show no full-table SCAN without an index and no temporary B-tree.
// PostgreSQL: on empty tables its planner prefers a sequential scan whatever the indexes, so the
// test discourages scans and sorts for the session and checks that the plan still has neither, i.e.
// that an index can deliver the rows in order.

let t: TestApp
let database: Database

beforeAll(async () => {
  t = await createTestApp()
  database = t.database
})

/** The plan; on PostgreSQL with sequential scans discouraged and, unless `sorts` allows them, sorts too. */
/**
 * The plan of `query`. `plan`: 'generic' (PostgreSQL) is the plan made once for any values, as the
 * streams' connections run their statements (docs/decisions/0171), not the one for these values.
 */
async function planOf(
  query: Compilable,
  sorts: 'allowed' | 'discouraged' = 'discouraged',
  plan: 'for these values' | 'generic' = 'for these values',
): Promise<string[]> {
  const compiled = query.compile()
  if (database.dialect === 'sqlite') {
    const result = await database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    )
    return result.rows.map((r) => r.detail)
  }
  return database.db.connection().execute(async (conn) => {
    await conn.executeQuery(CompiledQuery.raw('set enable_seqscan = off'))
    if (sorts === 'discouraged') await conn.executeQuery(CompiledQuery.raw('set enable_sort = off'))
    try {
      if (plan === 'generic') {
        await conn.executeQuery(CompiledQuery.raw(`prepare planned_once as ${compiled.sql}`))
        await conn.executeQuery(CompiledQuery.raw('set plan_cache_mode = force_generic_plan'))
        // Made without the values, so none are needed to draw it.
        const slots = compiled.parameters.map(() => 'null').join(', ')
        const result = await conn.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain execute planned_once(${slots})`),
        )
        return result.rows.map((r) => r['QUERY PLAN'])
      }
      const result = await conn.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      )
      return result.rows.map((r) => r['QUERY PLAN'])
    } finally {
      await conn.executeQuery(CompiledQuery.raw('reset enable_seqscan'))
      await conn.executeQuery(CompiledQuery.raw('reset enable_sort'))
      if (plan === 'generic') {
        await conn.executeQuery(CompiledQuery.raw('reset plan_cache_mode'))
        await conn.executeQuery(CompiledQuery.raw('deallocate planned_once'))
      }
    }
  })
}

/** The plan reads every table through an index and never sorts. */
function expectIndexedPlan(plan: string[]) {
  const text = plan.join('\n')
  if (database.dialect === 'sqlite') {
    expect(text, text).not.toMatch(/TEMP B-TREE/)
    for (const line of plan) {
      if (/^SCAN /.test(line)) expect(line, text).toMatch(/USING (COVERING )?INDEX/)
    }
    expect(text, text).toMatch(/USING (COVERING |INTEGER PRIMARY KEY |PRIMARY KEY )?INDEX|USING PRIMARY KEY/)
  } else {
    expect(text, text).not.toMatch(/Seq Scan/)
    expect(text, text).not.toMatch(/(^|\s)Sort(\s|$)|Sort Key/)
    expect(text, text).toMatch(/Index/)
  }
}

/** Whose "assigned to me" the inbox tables filter by; any id will do for a plan. */
const SOME_STAFF_ID = '0190a0a0-0000-7000-8000-000000000001'

describe('list pages in their default order read an index', () => {
  const cases = {
    'admin users': () => {
      const q = adminUserListQuerySchema.parse({})
      return applyListQuery(filteredUsers(database.db, q), q, USER_LIST_COLUMNS)
    },
    'audit log': () => {
      const q = auditListQuerySchema.parse({})
      return applyListQuery(filteredAuditEvents(database.db, q), q, AUDIT_LIST_COLUMNS)
    },
    quotes: () => {
      const q = quoteListQuerySchema.parse({})
      return applyListQuery(filteredQuotes(database.db, q, SOME_STAFF_ID), q, QUOTE_LIST_COLUMNS)
    },
    'quotes assigned to me': () => {
      const q = quoteListQuerySchema.parse({ assigned: 'me' })
      return applyListQuery(filteredQuotes(database.db, q, SOME_STAFF_ID), q, QUOTE_LIST_COLUMNS)
    },
    contacts: () => {
      const q = contactListQuerySchema.parse({})
      return applyListQuery(filteredContacts(database.db, q, SOME_STAFF_ID), q, CONTACT_LIST_COLUMNS)
    },
    'e-book requests': () => {
      const q = ebookListQuerySchema.parse({})
      return applyListQuery(filteredEbookRequests(database.db, q), q, EBOOK_LIST_COLUMNS)
    },
    'staff orders': () => {
      const q = orderListQuerySchema.parse({})
      return applyListQuery(filteredOrders(database.db, q), q, ORDER_LIST_COLUMNS)
    },
    'staff products': () => {
      const q = productListQuerySchema.parse({})
      return applyListQuery(managedProducts(database.db, q), q, PRODUCT_LIST_COLUMNS)
    },
    catalogue: () => {
      const q = catalogueQuerySchema.parse({})
      return applyListQuery(listedProducts(database.db, q), q, CATALOGUE_COLUMNS)
    },
  }

  it.each(Object.keys(cases))('%s: the page', async (name) => {
    const { pageQuery } = cases[name as keyof typeof cases]()
    expectIndexedPlan(await planOf(pageQuery))
  })

  it('catalogue: the count is answered from the index too', async () => {
    const { countQuery } = cases.catalogue()
    const plan = await planOf(countQuery)
    expectIndexedPlan(plan)
    if (database.dialect === 'sqlite')
      expect(plan.join('\n')).toMatch(/COVERING INDEX products_catalogue_idx/)
  })
})

describe('CSV export batches in the default order read an index from the cursor on', () => {
  const after = { key: '2026-01-01T00:00:00.000Z', id: '01900000-0000-7000-8000-000000000000' }
  const cases = {
    'admin users': () => {
      const q = adminUserListQuerySchema.parse({})
      return [filteredUsers(database.db, q), q, USER_LIST_COLUMNS] as const
    },
    'audit log': () => {
      const q = auditListQuerySchema.parse({})
      return [filteredAuditEvents(database.db, q), q, AUDIT_LIST_COLUMNS] as const
    },
    quotes: () => {
      const q = quoteListQuerySchema.parse({})
      return [filteredQuotes(database.db, q, SOME_STAFF_ID), q, QUOTE_LIST_COLUMNS] as const
    },
    'staff orders': () => {
      const q = orderListQuerySchema.parse({})
      return [filteredOrders(database.db, q), q, ORDER_LIST_COLUMNS] as const
    },
    // Not an export: the catalogue's pages after a cursor are the same keyset read.
    catalogue: () => {
      const q = catalogueQuerySchema.parse({})
      return [listedProducts(database.db, q), q, CATALOGUE_COLUMNS] as const
    },
  }
  it.each(Object.keys(cases))('%s', async (name) => {
    const [qb, q, columns] = cases[name as keyof typeof cases]()
    // Every product has its sort keys: the catalogue has no phase of rows without one.
    const phases = name === 'catalogue' ? (['values'] as const) : (['values', 'empty'] as const)
    for (const phase of phases) {
      // biome-ignore lint/suspicious/noExplicitAny: each case pairs its own query and columns
      const batch = keysetBatchQuery(database.dialect, qb as any, q, columns as any, {
        phase,
        after,
        batchSize: 1000,
      })
      const plan = await planOf(batch)
      expectIndexedPlan(plan)
      // The cursor is a range condition on the index: a seek, not a walk from the start.
      if (phase === 'values')
        expect(plan.join('\n')).toMatch(
          database.dialect === 'sqlite' ? /SEARCH .*\(createdAt,id\)[<>]/ : /Index Cond: .*ROW/,
        )
    }
  })
})

describe('the trash', () => {
  it('finds the entries of a subtree by item id', async () => {
    const query = database.db
      .selectFrom('trash_items')
      .select(['item_id', 'deleted_singly'])
      .where('item_id', 'in', ['a', 'b', 'c'])
    const plan = await planOf(query)
    expectIndexedPlan(plan)
    expect(plan.join('\n')).toMatch(/trash_items_item_idx/)
  })
  // Decision 0151: a tree's files go and come back by the folder; each statement reads the files of
  // its folders through an index and each file's entry by its key, never a whole table.
  const FOLDERS = ['0190a0a0-0000-7000-8000-0000000000f1', '0190a0a0-0000-7000-8000-0000000000f2']
  const STAMP = '2026-11-29T12:00:00.000Z'
  for (const [what, query] of [
    ['the entries of a folder’s files', () => insertFileEntries(database.db, FOLDERS, null, new Date(STAMP))],
    ['the files marked trashed', () => markFilesTrashed(database.db, FOLDERS, STAMP)],
    ['the files restored', () => markFilesRestored(database.db, FOLDERS, STAMP)],
    ['their entries dropped', () => deleteRestoredFileEntries(database.db, FOLDERS)],
  ] as const)
    it(`writes ${what} through indexes only`, async () => {
      expectIndexedPlan(await planOf(query()))
    })
})

describe('the name search', () => {
  // The names that contain the text further on (the second tier) come from the trigram index, never
  // from reading every name; the folder walk starts at the matches and climbs by primary key. Sorting
  // the matches by name is allowed: they are few.
  const cases = [
    { who: 'a super user', readableBy: null },
    { who: 'a user', readableBy: 'some-user-id' },
  ]
  for (const { who, readableBy } of cases) {
    it(`for ${who}, reads the name index and no table in full`, async () => {
      const query = nameSearchQuery(database.dialect, {
        key: 'report',
        tier: 'contains',
        readableBy,
        after: { name_key: 'quarterly report.pdf', id: 'x' },
        limit: 51,
      })
      const plan = await planOf({ compile: () => query.compile(database.db) })
      const text = plan.join('\n')
      if (database.dialect === 'sqlite') {
        expect(text, text).toMatch(/SCAN item_names_fts VIRTUAL TABLE INDEX/)
        for (const line of plan) {
          if (/^SCAN /.test(line) && !/VIRTUAL TABLE|SCAN (m|matches|walk|w|readable)\b/.test(line))
            expect(line, text).toMatch(/USING (COVERING )?INDEX/)
        }
        expect(text, text).not.toMatch(/SCAN (folders|files|item_names|folder_permissions)\b(?! USING)/)
      } else {
        // On the test's nearly empty tables the planner may reach the rows through another index of
        // the same table (the listing's, seq scans being off); the case below holds the trigram index
        // to the name pattern itself. Either way no table is read in full.
        expect(text, text).toMatch(/Index Scan on folders_\w+/)
        expect(text, text).toMatch(/Index Scan on files_\w+/)
        expect(text, text).not.toMatch(/Seq Scan on (folders|files|folder_permissions)/)
      }
    })
  }

  // A common text: the page is read in name order off the name-order indexes (migration 0036), each
  // table's range stopping after `limit` rows; only those candidates are sorted and walked.
  const inOrder =
    testDialect() === 'sqlite'
      ? [
          /SEARCH t USING INDEX folders_name_order_idx \(\(name_key,id\)>/,
          /SEARCH t USING INDEX files_name_order_idx \(\(name_key,id\)>/,
        ]
      : [/Index Scan using folders_name_order_idx/, /Index Scan using files_name_order_idx/]
  const fullRead =
    /SCAN (t|folders|files|folder_permissions)\b(?! USING)|Seq Scan on (folders|files|folder_permissions)/
  it.each(cases)('for $who, reads a common text in name order off the name-order indexes', async (c) => {
    const query = namesInOrderQuery(database.dialect, {
      key: 'report',
      tier: 'contains',
      readableBy: c.readableBy,
      after: { name_key: 'quarterly report.pdf', id: 'x' },
      limit: 500,
    })
    const text = (await planOf({ compile: () => query.compile(database.db) })).join('\n')
    for (const index of inOrder) expect(text, text).toMatch(index)
    expect(text, text).not.toMatch(fullRead)
  })

  // The names that start with the text (the first tier) are one range of each name-order index, from
  // the text (or the cursor) to the text's prefix end ("reporu"), read in order: no table read in full,
  // and no sort of the tier's rows before each table's limit (the two tables' pages are merged). A
  // user's last resort (few of the names open to them) reads the rest of the same range.
  const startsTier = () =>
    cases.flatMap(({ who, readableBy }) => [
      ...[null, { name_key: 'report-0042.pdf', id: 'x' }].map((after) => ({
        what: `for ${who}, in order ${after ? 'from a cursor' : 'from the start'}`,
        query: namesInOrderQuery(database.dialect, {
          key: 'report',
          tier: 'starts',
          readableBy,
          after,
          // What the service asks: a page (and one more) for a super user, 500 candidates for a user.
          limit: readableBy === null ? 51 : 500,
        }),
        after: after !== null,
        inOrder: true,
        aliases: { folders: 't', files: 't' },
      })),
      {
        what: `for ${who}, the last resort`,
        query: nameSearchQuery(database.dialect, {
          key: 'report',
          tier: 'starts',
          readableBy,
          after: { name_key: 'report-0042.pdf', id: 'x' },
          limit: 51,
        }),
        after: true,
        inOrder: false,
        aliases: { folders: 'f', files: 'fi' },
      },
    ])
  /** The range of each table's name-order index, as each database prints it. */
  const range = (after: boolean, aliases: { folders: string; files: string }) =>
    (['folders', 'files'] as const).map((table) =>
      testDialect() === 'sqlite'
        ? // SQLite prints `>=` as `>`.
          new RegExp(
            `SEARCH ${aliases[table]} USING INDEX ${table}_name_order_idx \\(${after ? '\\(name_key,id\\)>\\(\\?,\\?\\)' : 'name_key>\\?'} AND name_key<\\?\\)`,
          )
        : new RegExp(
            `(Index Scan using ${table}_name_order_idx on ${table} \\w+|Bitmap Index Scan on ${table}_name_order_idx)  \\([^)]*\\)\\s+Index Cond: \\(${after ? '\\(ROW\\(name_key, id\\) > ROW\\(' : '\\(name_key >= '}[^\\n]*AND \\(name_key < 'reporu'::text\\)`,
          ),
    )

  it.skipIf(testDialect() !== 'sqlite')(
    'reads the names that start with the text as a range of the name-order indexes',
    async () => {
      for (const c of startsTier()) {
        const text = (await planOf({ compile: () => c.query.compile(database.db) })).join('\n')
        for (const index of range(c.after, c.aliases)) expect(text, `${c.what}\n${text}`).toMatch(index)
        expect(text, `${c.what}\n${text}`).not.toMatch(fullRead)
        if (!c.inOrder) continue
        // Each table's page comes off its index in order (no B-tree under it); the merge of the two
        // pages (limit rows each) may sort them.
        expect(text, text).not.toMatch(/SEARCH t USING INDEX \w+ \([^\n]*\)\nUSE TEMP B-TREE/)
        expect(text, text).toMatch(/name_key<\?\)\nSCAN folders_in_order/)
        expect(text, text).toMatch(/name_key<\?\)\nSCAN files_in_order/)
      }
    },
  )

  it.skipIf(testDialect() !== 'postgres')(
    'reads the names that start with the text as a range of the name-order indexes on PostgreSQL, once the tables hold names',
    async () => {
      // As below: real row counts (one name in eight starts with "report", more of them in each table
      // than a page asks for), analysed, rolled back.
      const plans = await database.db.connection().execute(async (conn) => {
        const run = (text: string) => conn.executeQuery(CompiledQuery.raw(text))
        await run('begin')
        await run('set local enable_seqscan = off')
        try {
          const word = `(array['budget','contract','draft','invoice','notes','photo','report','scan'])[n % 8 + 1]`
          await run(`insert into folders (id, folder_name, name_key, type, "isTrashed", parent_id, "createdAt", "updatedAt")
            select 'plan-folder-' || n, ${word} || '-' || n, ${word} || '-' || n, 'locked', false, null, now(), now()
            from generate_series(1, 20000) as n`)
          await run(`insert into files (id, filename, name_key, mimetype, originalname, path, size, folder_id, "isTrashed", "createdAt", "updatedAt")
            select 'plan-file-' || n, ${word} || '-' || n || '.txt', ${word} || '-' || n || '.txt', 'text/plain', 'f.txt', 'plan-blob-' || n, 1,
              'plan-folder-' || (n % 20000 + 1), false, now(), now()
            from generate_series(1, 50000) as n`)
          await run('analyze folders')
          await run('analyze files')
          const explained: {
            what: string
            plan: string
            after: boolean
            inOrder: boolean
            aliases: { folders: string; files: string }
          }[] = []
          for (const c of startsTier()) {
            const compiled = c.query.compile(database.db)
            const result = await conn.executeQuery<{ 'QUERY PLAN': string }>(
              CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
            )
            explained.push({ ...c, plan: result.rows.map((r) => r['QUERY PLAN']).join('\n') })
          }
          return explained
        } finally {
          await run('rollback')
        }
      })
      for (const c of plans) {
        for (const index of range(c.after, c.aliases)) expect(c.plan, `${c.what}\n${c.plan}`).toMatch(index)
        expect(c.plan, `${c.what}\n${c.plan}`).not.toMatch(fullRead)
        if (!c.inOrder) continue
        // Each table's rows come off its index in order under its limit, with no sort between.
        expect(c.plan, `${c.what}\n${c.plan}`).toMatch(
          /Limit[^\n]*\n\s*->\s+Index Scan using folders_name_order_idx/,
        )
        expect(c.plan, `${c.what}\n${c.plan}`).toMatch(
          /Limit[^\n]*\n\s*->\s+Index Scan using files_name_order_idx/,
        )
      }
    },
    60_000,
  )

  it.skipIf(testDialect() !== 'postgres')(
    'matches a name pattern through the trigram index on PostgreSQL, once the tables hold names',
    async () => {
      // Thousands of names, analysed, inside a transaction that is rolled back (statistics included):
      // with real row counts the planner must pick the trigram index over reading another index whole.
      const plans = await database.db.connection().execute(async (conn) => {
        const run = (text: string) => conn.executeQuery(CompiledQuery.raw(text))
        await run('begin')
        // At a few thousand rows reading the table is still the cheapest; at the sizes that matter it
        // is not. With that path closed the planner chooses among the indexes as it would at scale.
        await run('set local enable_seqscan = off')
        try {
          await run(`insert into folders (id, folder_name, name_key, type, "isTrashed", parent_id, "createdAt", "updatedAt")
            select 'plan-folder-' || n, 'Folder ' || n, 'folder ' || n, 'locked', false, null, now(), now()
            from generate_series(1, 5000) as n`)
          await run(`insert into files (id, filename, name_key, mimetype, originalname, path, size, folder_id, "isTrashed", "createdAt", "updatedAt")
            select 'plan-file-' || n, 'File ' || n || '.txt', 'file ' || n || '.txt', 'text/plain', 'f.txt', 'plan-blob-' || n, 1,
              'plan-folder-1', false, now(), now()
            from generate_series(1, 5000) as n`)
          // New entries wait in a GIN index's pending list, which the planner prices as read in full.
          await run(
            `select gin_clean_pending_list('folders_name_trgm_idx'), gin_clean_pending_list('files_name_trgm_idx')`,
          )
          await run('analyze folders')
          await run('analyze files')
          const explained: string[] = []
          for (const table of ['folders', 'files']) {
            const result = await conn.executeQuery<{ 'QUERY PLAN': string }>(
              CompiledQuery.raw(`explain select id from ${table} where name_key like '%report%'`),
            )
            explained.push(result.rows.map((r) => r['QUERY PLAN']).join('\n'))
          }
          return explained
        } finally {
          await run('rollback')
        }
      })
      expect(plans[0], plans[0]).toMatch(/Index Scan on folders_name_trgm_idx/)
      expect(plans[1], plans[1]).toMatch(/Index Scan on files_name_trgm_idx/)
    },
    60_000,
  )
})

describe('SQLite connection', () => {
  it.skipIf(testDialect() !== 'sqlite')(
    'has a page cache and a memory map sized for a large database, and a small cache for its writer',
    async () => {
      // A query built as a SELECT runs on the reader; a raw pragma on the writer.
      const readerCache = await database.db
        .selectFrom(sql<{ cache_size: number }>`pragma_cache_size()`.as('p'))
        .selectAll()
        .executeTakeFirstOrThrow()
      expect(readerCache.cache_size).toBe(-64 * 1024)
      // The writer's is small so that a large transaction spills its pages to the log as it goes.
      const writerCache = await sql<{ cache_size: number }>`pragma cache_size`.execute(database.db)
      expect(writerCache.rows[0]!.cache_size).toBe(-4 * 1024)
      const mmap = await sql<{ mmap_size: number }>`pragma mmap_size`.execute(database.db)
      expect(mmap.rows[0]!.mmap_size).toBe(256 * 1024 * 1024)
    },
  )
})

describe('a folder listing reads an index in every order it offers, from the cursor on', () => {
  const FOLDER = '01900000-0000-7000-8000-0000000000aa'
  const SOME_USER = '01900000-0000-7000-8000-0000000000bb'
  const cursors = {
    name: { key: 'report.pdf', id: '01900000-0000-7000-8000-000000000000' },
    size: { key: 1000, id: '01900000-0000-7000-8000-000000000000' },
    updatedAt: { key: '2026-01-01T00:00:00.000Z', id: '01900000-0000-7000-8000-000000000000' },
  }
  const pages = (sort: SortKey, order: 'asc' | 'desc', after: boolean) => {
    const page = { sort, order, after: after ? cursors[sort] : undefined, limit: 101 }
    return {
      // A caller who needs a grant or a public folder to see a subfolder, and a super user.
      folders: childFoldersQuery(database.db, database.dialect, FOLDER, SOME_USER, page),
      'folders (super user)': childFoldersQuery(database.db, database.dialect, FOLDER, null, page),
      files: childFilesQuery(database.db, database.dialect, FOLDER, page),
    }
  }
  it.each(SORT_KEYS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)))(
    'sorted by %s %s',
    async (sort, order) => {
      for (const after of [false, true]) {
        for (const [, query] of Object.entries(pages(sort, order, after))) {
          const plan = await planOf(query)
          expectIndexedPlan(plan)
          expect(plan.join('\n')).toMatch(/(folders|files)_children_\w+_idx/)
          if (after && database.dialect === 'postgres') expect(plan.join('\n')).toMatch(/Index Cond: .*ROW/)
        }
      }
    },
  )

  it('the path above a folder, with the caller’s grants, reads by primary key and grant index', async () => {
    const query = loadFolderPathQuery(database.db, SOME_USER, FOLDER)
    const plan = await planOf(query)
    const text = plan.join('\n')
    if (database.dialect === 'sqlite') {
      // The recursive step and the joins each look a row up by key: no scan of folders or grants.
      expect(text, text).not.toMatch(/SCAN (f|p|folders|folder_permissions)\b(?! USING)/)
    } else {
      expect(text, text).not.toMatch(/Seq Scan on (folders|folder_permissions)/)
    }
  })
})

describe('whether a row still names a blob is a seek per key', () => {
  // The blob deletion queue asks before every batch it deletes, fsck for every blob it did not find.
  const keys = ['0190f0e0-0000-7000-8000-000000000001', '0190f0e0-0000-7000-8000-000000000002']
  const columns = BLOB_REFERENCES.filter((r) => r.table === 'files' || r.table === 'file_versions')
  it.each(columns.map((r) => [`${r.table}.${r.column}`, r] as const))('%s', async (_name, reference) => {
    const plan = await planOf(keysNamedIn(database.db, reference, keys))
    expectIndexedPlan(plan)
    if (database.dialect === 'sqlite')
      expect(plan.join('\n')).toMatch(new RegExp(`SEARCH ${reference.table} USING COVERING INDEX`))
  })
})

describe('deleting a file finds the rows that name it through an index', () => {
  // The foreign keys to files act on every deletion (notifications ON DELETE SET NULL, upload sessions
  // ON DELETE CASCADE): without an index each file deleted for good read the whole table (migration 0064).
  const FILE = '0190f0e0-0000-7000-8000-0000000000aa'
  it.each([
    [
      'notifications.file_id',
      () => database.db.updateTable('notifications').set({ file_id: null }).where('file_id', '=', FILE),
    ],
    ['upload_sessions.file_id', () => database.db.deleteFrom('upload_sessions').where('file_id', '=', FILE)],
  ] as const)('%s', async (_name, query) => {
    expectIndexedPlan(await planOf(query()))
  })
})

describe('an address is looked up through its lower(email) index', () => {
  // Sign-in and sign-up find the user by address; "My requests" finds a customer's entries by theirs.
  const cases = {
    users_email_lower_unique: () => userByEmailQuery(database.db, 'Ada@Example.com'),
    quote_requests_email_idx: () => quotesFromQuery(database.db, 'ada@example.com'),
    contacts_email_idx: () => contactsFromQuery(database.db, 'ada@example.com'),
  }
  it.each(Object.keys(cases))('%s', async (index) => {
    // A person's few entries are sorted after the seek: no sort to discourage.
    const plan = (await planOf(cases[index as keyof typeof cases](), 'allowed')).join('\n')
    if (database.dialect === 'sqlite') {
      expect(plan, plan).toMatch(new RegExp(`SEARCH \\w+ USING INDEX ${index}`))
      expect(plan, plan).not.toMatch(/^SCAN /m)
    } else {
      expect(plan, plan).toMatch(new RegExp(`Index Scan using ${index}|Bitmap Index Scan on ${index}`))
      expect(plan, plan).not.toMatch(/Seq Scan/)
    }
  })
})

const INBOX_READER = {
  id: SOME_STAFF_ID,
  name: 'Ada',
  role: 'user' as const,
  staffFunctions: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  isRestricted: false,
  since: {},
}
const INBOX_NOW = new Date('2026-06-01T00:00:00.000Z')
const SOME_NOTIFICATION_ID = '01900000-0000-7000-8000-000000000000'

describe('the folders a user can open are found from their ways in, not by reading every folder', () => {
  // Every folder listing, search and notification inbox read of a user who is not a super user starts
  // here: top-level public folders and the user's grants, then the public folders under them.
  it('readable_folders', async () => {
    const query = withReadableFolders(database.db, SOME_STAFF_ID).selectFrom('readable_folders').select('id')
    const plan = (await planOf(query, 'allowed')).join('\n')
    if (database.dialect === 'sqlite') {
      expect(plan, plan).not.toMatch(/^SCAN (f|c|p|folders|folder_permissions)\b/m)
      expect(plan, plan).toMatch(/SEARCH f USING INDEX/)
      expect(plan, plan).toMatch(/SEARCH p USING INDEX folder_permissions_user_idx/)
    } else {
      expect(plan, plan).not.toMatch(/Seq Scan/)
    }
  })

  it('the notification inbox, which asks about them for each notification', async () => {
    const query = eligibleNotifications(database.db, INBOX_READER, INBOX_NOW)
      .select('n.id')
      .where('n.id', '>', SOME_NOTIFICATION_ID)
      .orderBy('n.id')
      .limit(50)
    const plan = (await planOf(query, 'allowed')).join('\n')
    if (database.dialect === 'sqlite') {
      // The walk down the tree reads the parent index; an automatic index on folders would be built
      // from all of them on every call.
      expect(plan, plan).toMatch(/SEARCH c USING INDEX/)
      expect(plan, plan).not.toMatch(/(SCAN|SEARCH) (c|f|p) USING AUTOMATIC/)
      expect(plan, plan).not.toMatch(/^SCAN (c|f|p)\b/m)
    } else {
      expect(plan, plan).not.toMatch(/Seq Scan on folders/)
    }
  })
})

describe("the unread count reads the reader's own ways into the notifications, not every one kept", () => {
  // Every stream wake and inbox read counts this. Each way in is one index range of what the reader may
  // see, and the filter reads the candidates by id: never the whole table, nor every notification made
  // since the reader's watermark (a range of the primary key), which grows with everyone's activity
  // (docs/decisions/0165).
  const readers = {
    customer: INBOX_READER,
    'shop and feedback staff': {
      ...INBOX_READER,
      role: 'staff' as const,
      staffFunctions: ['AccessShop', 'ManageFeedback'] as StaffFunction[],
    },
  }
  for (const [who, reader] of Object.entries(readers)) {
    it(`for a ${who}`, async () => {
      const plan = (await planOf(unreadCountQuery(database.db, reader, INBOX_NOW), 'allowed')).join('\n')
      expectOwnWays(who, plan)
      expect(plan, plan).not.toMatch(/notifications_created_idx|sqlite_autoindex_notifications_1 \(id>\?\)/)
    })
    it(`for a ${who}, counted in a stream's pass`, async () => {
      // A stream's pass asks its count in the statement that reads what to send (which reads the
      // notifications after its cursor by their key).
      const pass = passQuery(database.db, reader, INBOX_NOW, '00000000-0000-0000-0000-000000000000', 100)
      expectOwnWays(who, (await planOf(pass, 'allowed')).join('\n'))
    })
    it.skipIf(testDialect() !== 'postgres')(
      `for a ${who}, counted in a stream's pass on the plan made once (PostgreSQL's streams' connections)`,
      async () => {
        const pass = passQuery(database.db, reader, INBOX_NOW, '00000000-0000-0000-0000-000000000000', 100)
        const plan = (await planOf(pass, 'allowed', 'generic')).join('\n')
        // Made for any values: the slots stay slots.
        expect(plan, plan).toMatch(/\$\d+/)
        expectOwnWays(who, plan)
      },
    )
  }
  /** The count reads each of the reader's ways in by its index, and no notification table whole. */
  function expectOwnWays(who: string, plan: string) {
    const ways =
      database.dialect === 'sqlite'
        ? [
            /SEARCH inFolder USING (COVERING )?INDEX notifications_folder_id_idx \(folder_id=\? AND id>\?\)/,
            /SEARCH nr USING (COVERING )?INDEX sqlite_autoindex_notification_recipients_1 \(user_id=\? AND notification_id>\?\)/,
            /SEARCH byType USING (COVERING )?INDEX notifications_type_id_idx \(type=\? AND id>\?\)/,
            /SEARCH again USING INDEX sqlite_autoindex_notification_reads_1 \(user_id=\?\)/,
            /SEARCH n USING INDEX sqlite_autoindex_notifications_1 \(id=\?\)/,
          ]
        : [
            /Index Cond: \(\(folder_id = rf_1\.id\) AND \(id > /,
            /notification_recipients_pkey on notification_recipients nr/,
            /Index Cond: \(\(type = (ANY .*|'product'::text|\$\d+)\) AND \(id > /,
            /Index Cond: \(id = ANY \(\$\d+\)\)/,
          ]
    if (who === 'customer')
      ways.push(
        database.dialect === 'sqlite'
          ? /SEARCH own USING INDEX notifications_order_idx \(order_id=\?\)/
          : /Bitmap Heap Scan on notifications own[^\n]*\n\s+Recheck Cond: \(order_id = ANY|notifications_order_idx on notifications own/,
      )
    for (const way of ways) expect(plan, plan).toMatch(way)
    expect(plan, plan).not.toMatch(/Seq Scan on notifications |^SCAN (n|inFolder|byType|own)\b/m)
  }
})
