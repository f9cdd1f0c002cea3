import { type Kysely, sql } from 'kysely'
import { columnTypes, dialectOf, oneOf } from '../../migration-helpers'

// Every entity of the specification with its exact field names and enumerations, plus Auth.js's
// session table. The enumerations are copied as literals into CHECK constraints on purpose: a later
// change to shared/enums.ts needs its own migration, so this file must describe the schema as it was.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('emailVerified', t.timestamp)
    .addColumn('account_type', 'text', (c) => c.notNull().defaultTo('individual'))
    .addColumn('password', 'text')
    .addColumn('business_name', 'text')
    .addColumn('image', 'text')
    .addColumn('industry', 'text')
    .addColumn('isRestricted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('staffFunctions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('users_account_type_check', oneOf('account_type', ['individual', 'corporate']))
    .addCheckConstraint('users_role_check', oneOf('role', ['user', 'admin', 'staff']))
    .addCheckConstraint(
      'users_corporate_fields_check',
      sql`account_type <> 'corporate' or (business_name is not null and industry is not null)`,
    )
    .execute()
  // E-mail is unique ignoring case: Ada@Example.com and ada@example.com are one person.
  await db.schema
    .createIndex('users_email_lower_unique')
    .on('users')
    .expression(sql`lower(email)`)
    .unique()
    .execute()

  await db.schema
    .createTable('accounts')
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('providerAccountId', 'text', (c) => c.notNull())
    .addColumn('refresh_token', 'text')
    .addColumn('access_token', 'text')
    .addColumn('expires_at', t.bigint)
    .addColumn('token_type', 'text')
    .addColumn('scope', 'text')
    .addColumn('id_token', 'text')
    .addColumn('session_state', 'text')
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('accounts_pkey', ['provider', 'providerAccountId'])
    .execute()
  await db.schema.createIndex('accounts_user_idx').on('accounts').column('userId').execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sessionToken', 'text', (c) => c.notNull().unique())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires', t.timestamp, (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('userId').execute()

  await db.schema
    .createTable('verification_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('firstname', 'text')
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('expires', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('verification_tokens_email_idx')
    .on('verification_tokens')
    .expression(sql`lower(email)`)
    .execute()

  await db.schema
    .createTable('quote_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('business_name', 'text')
    .addColumn('industry', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('service', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('quote_requests_status_check', oneOf('status', ['pending', 'resolved']))
    .execute()
  await db.schema.createIndex('quote_requests_created_idx').on('quote_requests').column('createdAt').execute()

  await db.schema
    .createTable('ebook_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()
  // One row per address, compared without case (product.md §4).
  await db.schema
    .createIndex('ebook_requests_email_lower_unique')
    .on('ebook_requests')
    .expression(sql`lower(email)`)
    .unique()
    .execute()

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('contacts_status_check', oneOf('status', ['pending', 'resolved']))
    .execute()
  await db.schema.createIndex('contacts_created_idx').on('contacts').column('createdAt').execute()

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('price', t.bigint, (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_photo', 'text')
    .addColumn('product_url', 'text')
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('products_price_check', sql`price >= 0`)
    .execute()

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('trxref', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('total', t.bigint, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // Orders are financial records: a user with orders cannot be deleted out from under them.
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addCheckConstraint(
      'orders_status_check',
      oneOf('status', [
        'pending',
        'paid',
        'failed',
        'abandoned',
        'needs_review',
        'refund_pending',
        'refunded',
      ]),
    )
    .addCheckConstraint('orders_total_check', sql`total >= 0`)
    .execute()
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'createdAt']).execute()

  await db.schema
    .createTable('product_orders')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('restrict'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('amount', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('product_orders_pkey', ['order_id', 'product_id'])
    .addCheckConstraint('product_orders_quantity_check', sql`quantity > 0`)
    .addCheckConstraint('product_orders_amount_check', sql`amount >= 0`)
    .execute()
  await db.schema
    .createIndex('product_orders_product_idx')
    .on('product_orders')
    .column('product_id')
    .execute()

  await db.schema
    .createTable('folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('folder_name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('locked'))
    .addColumn('isTrashed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('parent_id', 'text', (c) => c.references('folders.id').onDelete('cascade'))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('folders_type_check', oneOf('type', ['public', 'locked']))
    .addCheckConstraint('folders_not_own_parent_check', sql`parent_id is null or parent_id <> id`)
    .execute()
  // One name per folder among untrashed items. Top-level folders are not held to it: two customers
  // may both keep a locked "Invoices" folder without learning of each other.
  await db.schema
    .createIndex('folders_parent_name_unique')
    .on('folders')
    .columns(['parent_id', 'name_key'])
    .unique()
    .where(sql.ref('parent_id'), 'is not', null)
    .where(sql.ref('isTrashed'), '=', sql.lit(false))
    .execute()
  await db.schema.createIndex('folders_parent_idx').on('folders').column('parent_id').execute()

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('mimetype', 'text', (c) => c.notNull())
    .addColumn('originalname', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('size', t.bigint, (c) => c.notNull())
    .addColumn('folder_id', 'text', (c) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('isTrashed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('files_size_check', sql`size >= 0`)
    .execute()
  await db.schema
    .createIndex('files_folder_name_unique')
    .on('files')
    .columns(['folder_id', 'name_key'])
    .unique()
    .where(sql.ref('isTrashed'), '=', sql.lit(false))
    .execute()
  await db.schema.createIndex('files_folder_idx').on('files').column('folder_id').execute()

  await db.schema
    .createTable('folder_permissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('folder_id', 'text', (c) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('permissionType', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addCheckConstraint(
      'folder_permissions_type_check',
      oneOf('permissionType', ['viewer', 'editor', 'administrator']),
    )
    .addUniqueConstraint('folder_permissions_folder_user_unique', ['folder_id', 'user_id'])
    .execute()
  await db.schema
    .createIndex('folder_permissions_user_idx')
    .on('folder_permissions')
    .column('user_id')
    .execute()

  await db.schema
    .createTable('trash_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    // No foreign key: the original parent may be deleted for good while the entry waits in the trash.
    .addColumn('folder_id', 'text')
    .addColumn('folder_name', 'text')
    .addColumn('deleted_singly', 'boolean', (c) => c.notNull())
    .addColumn('deletedAt', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('trash_items_item_type_check', oneOf('item_type', ['file', 'folder']))
    .addUniqueConstraint('trash_items_item_unique', ['item_type', 'item_id'])
    .execute()
  await db.schema.createIndex('trash_items_deleted_idx').on('trash_items').column('deletedAt').execute()

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('mainItem', 'text')
    .addColumn('subItem', 'text')
    .addColumn('forAll', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // The things a notification mentions may be deleted later; the notification keeps its text.
    .addColumn('folder_id', 'text', (c) => c.references('folders.id').onDelete('set null'))
    .addColumn('file_id', 'text', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('for_users', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addCheckConstraint(
      'notifications_type_check',
      oneOf('type', ['folder', 'file', 'product', 'order', 'quote', 'feedback', 'staffFunction']),
    )
    .addCheckConstraint(
      'notifications_action_check',
      oneOf('action', [
        'created',
        'updated',
        'deleted',
        'copied',
        'moved',
        'ordered',
        'uploaded',
        'renamed',
        'trashed',
        'restored',
        'resolved',
      ]),
    )
    .execute()
  await db.schema.createIndex('notifications_created_idx').on('notifications').column('createdAt').execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'notifications',
    'trash_items',
    'folder_permissions',
    'files',
    'folders',
    'product_orders',
    'orders',
    'products',
    'contacts',
    'ebook_requests',
    'quote_requests',
    'verification_tokens',
    'sessions',
    'accounts',
    'users',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
