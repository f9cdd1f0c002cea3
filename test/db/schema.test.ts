import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { newId } from '../../src/server/lib/ids'
import {
  FOLDER_TYPES,
  INBOX_STATUSES,
  NOTIFICATION_ACTIONS,
  NOTIFICATION_TYPES,
  ORDER_STATUSES,
  PERMISSION_TYPES,
  ROLES,
} from '../../src/shared/enums'
import { insertFile, insertFolder, insertOrder, insertProduct } from '../support/factories'
import { insertUser } from '../support/people'
import { createTestApp } from '../support/test-app'

// The specification's entities with their exact field names (seed-spec §3); extra columns we add
// are listed separately so a rename of a binding field cannot slip through.
const SPEC_FIELDS: Record<string, string[]> = {
  users: [
    'id',
    'first_name',
    'last_name',
    'name',
    'email',
    'emailVerified',
    'account_type',
    'password',
    'business_name',
    'image',
    'industry',
    'isRestricted',
    'role',
    'staffFunctions',
    'createdAt',
    'updatedAt',
  ],
  accounts: [
    'userId',
    'type',
    'provider',
    'providerAccountId',
    'refresh_token',
    'access_token',
    'expires_at',
    'token_type',
    'scope',
    'id_token',
    'session_state',
    'createdAt',
    'updatedAt',
  ],
  verification_tokens: ['id', 'email', 'firstname', 'token', 'expires'],
  quote_requests: [
    'id',
    'first_name',
    'last_name',
    'business_name',
    'industry',
    'email',
    'phone',
    'service',
    'message',
    'status',
    'createdAt',
    'updatedAt',
  ],
  ebook_requests: ['id', 'email', 'createdAt', 'updatedAt'],
  contacts: [
    'id',
    'first_name',
    'last_name',
    'email',
    'subject',
    'message',
    'status',
    'createdAt',
    'updatedAt',
  ],
  products: [
    'id',
    'name',
    'type',
    'price',
    'description',
    'cover_photo',
    'product_url',
    'createdAt',
    'updatedAt',
  ],
  orders: ['id', 'trxref', 'status', 'total', 'user_id', 'createdAt', 'updatedAt'],
  product_orders: ['product_id', 'order_id', 'quantity', 'amount'],
  folders: ['id', 'folder_name', 'type', 'isTrashed', 'parent_id', 'createdAt', 'updatedAt'],
  files: [
    'id',
    'filename',
    'mimetype',
    'originalname',
    'path',
    'size',
    'folder_id',
    'isTrashed',
    'createdAt',
    'updatedAt',
  ],
  folder_permissions: ['id', 'folder_id', 'user_id', 'permissionType', 'createdAt', 'updatedAt'],
  trash_items: [
    'id',
    'item_type',
    'item_id',
    'filename',
    'folder_id',
    'folder_name',
    'deleted_singly',
    'deletedAt',
  ],
  notifications: [
    'id',
    'type',
    'action',
    'user_name',
    'mainItem',
    'subItem',
    'forAll',
    'user_id',
    'folder_id',
    'file_id',
    'product_id',
    'order_id',
    'for_users',
    'createdAt',
    'updatedAt',
  ],
  sessions: ['id', 'sessionToken', 'userId', 'expires', 'createdAt', 'updatedAt'],
}
const OUR_EXTRA_FIELDS: Record<string, string[]> = {
  // When a user first signed in: the start of a required two-factor enrolment's grace period (0112).
  // Printed on the buyer's invoices (0126).
  users: ['firstSignInAt', 'billing_address', 'tax_number'],
  // The discount code an order used and what it took off (0124, 0125).
  orders: ['currency', 'discount_code_id', 'discount_code', 'discount_total', 'discount_use', 'paid_at'],
  products: [
    'isPublished',
    'deletedAt',
    'deliveryFileKey',
    'deliveryFileName',
    'deliveryFileType',
    'deliveryFileSize',
    'deliveryFileSha256',
    'coverSmallKey',
    'coverLargeKey',
    'publishedAt',
    'slug',
    'deliveryVersionId',
  ],
  product_orders: [
    'deliveryFileKey',
    'deliveryFileName',
    'deliveryFileType',
    'deliveryFileSize',
    'deliveryFileSha256',
    'deliveryVersionId',
    'discount',
  ],
  folders: ['name_key', 'createdBy'],
  files: ['name_key', 'createdBy', 'sha256', 'sha1', 'md5', 'contentBy', 'clientModifiedAt'],
  trash_items: ['trashedBy'],
  sessions: ['lastSeenAt', 'userAgent', 'ipAddress'],
  verification_tokens: ['purpose', 'createdAt'],
  // reply_token: the conversation's plus-address for answers by e-mail (0128); flag: held mail (0128).
  quote_requests: ['resolvedAt', 'resolvedBy', 'assignedTo', 'assignedAt', 'reply_token'],
  contacts: ['resolvedAt', 'resolvedBy', 'assignedTo', 'assignedAt', 'reply_token', 'flag'],
  ebook_requests: ['confirmedAt', 'unsubscribedAt', 'source'],
  notifications: ['itemCount', 'contentCount', 'amount', 'currency'],
}

describe('schema', () => {
  it('has every entity of the specification with exactly its field names', async () => {
    const t = await createTestApp()
    const tables = await t.database.db.introspection.getTables()
    for (const [table, fields] of Object.entries(SPEC_FIELDS)) {
      const found = tables.find((x) => x.name === table)
      expect(found, `table ${table}`).toBeDefined()
      const columns = found!.columns.map((c) => c.name).sort()
      expect(columns, `columns of ${table}`).toEqual([...fields, ...(OUR_EXTRA_FIELDS[table] ?? [])].sort())
    }
  })

  it('keeps e-mail unique ignoring case', async () => {
    const t = await createTestApp()
    await insertUser(t.database.db, { email: 'Ada@Example.com' })
    await expect(insertUser(t.database.db, { email: 'ada@example.COM' })).rejects.toThrow(/unique/i)
  })

  it('requires business name and industry for corporate accounts', async () => {
    const t = await createTestApp()
    await expect(insertUser(t.database.db, { account_type: 'corporate' })).rejects.toThrow(/check/i)
    await insertUser(t.database.db, { account_type: 'corporate', business_name: 'Acme', industry: 'Retail' })
  })

  it('refuses values outside the specification enumerations', async () => {
    const t = await createTestApp()
    for (const role of ROLES) await insertUser(t.database.db, { role })
    await expect(insertUser(t.database.db, { role: 'superuser' as never })).rejects.toThrow(/check/i)
    for (const type of FOLDER_TYPES) await insertFolder(t.database.db, { type })
    await expect(insertFolder(t.database.db, { type: 'secret' as never })).rejects.toThrow(/check/i)
    const user = await insertUser(t.database.db)
    for (const status of ORDER_STATUSES) await insertOrder(t.database.db, user.id, { status })
    await expect(insertOrder(t.database.db, user.id, { status: 'lost' as never })).rejects.toThrow(/check/i)
  })

  it('accepts every notification type and action, and every permission and inbox status', async () => {
    const t = await createTestApp()
    const db = t.database.db
    const stamp = new Date().toISOString()
    for (const type of NOTIFICATION_TYPES) {
      for (const action of NOTIFICATION_ACTIONS) {
        await db
          .insertInto('notifications')
          .values({
            id: newId(),
            type,
            action,
            user_name: 'Ada',
            mainItem: null,
            subItem: null,
            forAll: true,
            user_id: null,
            folder_id: null,
            file_id: null,
            product_id: null,
            order_id: null,
            for_users: '[]',
            createdAt: stamp,
            updatedAt: stamp,
          })
          .execute()
      }
    }
    const folder = await insertFolder(db)
    for (const permissionType of PERMISSION_TYPES) {
      const user = await insertUser(db)
      await db
        .insertInto('folder_permissions')
        .values({
          id: newId(),
          folder_id: folder.id,
          user_id: user.id,
          permissionType,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .execute()
    }
    for (const status of INBOX_STATUSES) {
      await db
        .insertInto('contacts')
        .values({
          id: newId(),
          first_name: 'A',
          last_name: 'B',
          email: 'a@b.c',
          subject: 's',
          message: 'm',
          status,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .execute()
    }
    const count = await db
      .selectFrom('notifications')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(NOTIFICATION_TYPES.length * NOTIFICATION_ACTIONS.length)
  })

  it('allows one name per folder among untrashed items, ignoring case', async () => {
    const t = await createTestApp()
    const db = t.database.db
    const parent = await insertFolder(db)
    await insertFile(db, parent.id, { filename: 'Report.pdf' })
    await expect(insertFile(db, parent.id, { filename: 'report.PDF' })).rejects.toThrow(/unique/i)
    // A trashed file frees its name.
    await db.updateTable('files').set({ isTrashed: true }).where('folder_id', '=', parent.id).execute()
    await insertFile(db, parent.id, { filename: 'report.pdf' })

    await insertFolder(db, { parent_id: parent.id, folder_name: 'Invoices' })
    await expect(insertFolder(db, { parent_id: parent.id, folder_name: 'INVOICES' })).rejects.toThrow(
      /unique/i,
    )
    // Top-level folders of different owners may share a name without revealing each other.
    await insertFolder(db, { folder_name: 'Invoices' })
    await insertFolder(db, { folder_name: 'Invoices' })
  })

  it('keeps trxref unique and (provider, providerAccountId) unique', async () => {
    const t = await createTestApp()
    const db = t.database.db
    const user = await insertUser(db)
    await insertOrder(db, user.id, { trxref: 'dep_same' })
    await expect(insertOrder(db, user.id, { trxref: 'dep_same' })).rejects.toThrow(/unique/i)

    const stamp = new Date().toISOString()
    const account = {
      userId: user.id,
      type: 'oidc',
      provider: 'google',
      providerAccountId: 'sub-1',
      refresh_token: null,
      access_token: null,
      expires_at: null,
      token_type: null,
      scope: null,
      id_token: null,
      session_state: null,
      createdAt: stamp,
      updatedAt: stamp,
    }
    await db.insertInto('accounts').values(account).execute()
    const other = await insertUser(db)
    await expect(
      db
        .insertInto('accounts')
        .values({ ...account, userId: other.id })
        .execute(),
    ).rejects.toThrow(/unique|primary/i)
  })

  it('enforces foreign keys (SQLite too)', async () => {
    const t = await createTestApp()
    await expect(insertOrder(t.database.db, newId())).rejects.toThrow(/foreign key/i)
    await expect(insertFile(t.database.db, newId())).rejects.toThrow(/foreign key/i)
  })

  it('gives application code one representation on both dialects', async () => {
    const t = await createTestApp()
    const db = t.database.db
    const user = await insertUser(db, { isRestricted: true })
    const product = await insertProduct(db, { price: 2 ** 40 })
    const folder = await insertFolder(db)
    const file = await insertFile(db, folder.id, { size: 5 * 2 ** 30 })

    const u = await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(u.isRestricted).toBe(true)
    expect(u.createdAt).toBe(user.createdAt) // ISO-8601 UTC string in, the same string out
    expect(u.emailVerified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const f = await db
      .selectFrom('folders')
      .select(['isTrashed'])
      .where('id', '=', folder.id)
      .executeTakeFirstOrThrow()
    expect(f.isTrashed).toBe(false)
    const p = await db
      .selectFrom('products')
      .select('price')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow()
    expect(p.price).toBe(2 ** 40)
    const fi = await db.selectFrom('files').select('size').where('id', '=', file.id).executeTakeFirstOrThrow()
    expect(fi.size).toBe(5 * 2 ** 30) // files over 4 GiB

    // Booleans work as query parameters, and timestamps compare in time order.
    const restricted = await db.selectFrom('users').select('id').where('isRestricted', '=', true).execute()
    expect(restricted.map((r) => r.id)).toEqual([user.id])
    const later = await db
      .selectFrom('users')
      .select('id')
      .where('createdAt', '<', new Date(Date.now() + 60_000).toISOString())
      .execute()
    expect(later.length).toBe(1)
  })

  it('migrating twice changes nothing', async () => {
    const t = await createTestApp()
    const { migrateToLatest } = await import('../../src/server/db/migrator')
    expect(await migrateToLatest(t.database)).toEqual([])
  })
})
