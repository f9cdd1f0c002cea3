import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { openDatabase } from '../../src/server/db/connection'
import { migrateToLatest } from '../../src/server/db/migrator'
import type { AppDeps } from '../../src/server/deps'
import { loadEnv } from '../../src/server/env'
import { runAdminCommand } from '../../src/server/features/admin/admin-cli'
import { createNotificationHub } from '../../src/server/features/notifications/notification-hub'
import { listTables } from '../../src/server/features/operations/database-tables.repository'
import { DOWNLOAD_PATH, downloadToken } from '../../src/server/features/shop/orders/orders.downloads'
import { createPaystack } from '../../src/server/features/shop/paystack/paystack-setup'
import { createMetrics } from '../../src/server/features/system/metrics'
import { createLogger } from '../../src/server/lib/logger'
import { GENERATED_SECRET_FILE, readOrCreateSecret } from '../../src/server/lib/secret-file'
import { createStorage } from '../../src/server/lib/storage'
import { startTestS3Server } from '../storage/s3-test-server'
import { releaseWhenDone } from '../support/cleanup'
import { insertFile, insertFolder, insertOrder, insertProduct } from '../support/factories'
import { CookieClient } from '../support/http-client'
import { insertUserWithPassword } from '../support/people'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'
import { testDialect } from '../support/test-database'

async function admin(t: TestApp, ...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdminCommand(t.deps, argv, { out: (l) => out.push(l), err: (l) => err.push(l) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** `npm run admin` as an operator runs it, against `t`'s database and data folder. */
function runCli(t: TestApp, args: string[]) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', DATA_DIR: t.testDb.dir }
  env.DATABASE_URL = t.testDb.config.dialect === 'postgres' ? t.testDb.config.url : t.testDb.config.file
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], { env })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('exit', (code) => resolve({ code, out }))
  })
}

async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'depot-backup-'))
  releaseWhenDone(() => rm(dir, { recursive: true, force: true }))
  return path.join(dir, 'backup')
}

const put = async (t: TestApp, bytes: Buffer) => (await t.deps.storage.put(Readable.from([bytes]))).key

/** A site with users (one with a picture), folders in folders, files with blobs, and a paid order. */
async function seedSite(t: TestApp) {
  const db = t.database.db
  // The secret the server generates into DATA_DIR when none is configured: it signs download links.
  t.deps.env.authSecret = readOrCreateSecret(path.join(t.deps.env.dataDir, GENERATED_SECRET_FILE))
  const buyer = await insertUserWithPassword(db, 'buyer passphrase 1')
  await db
    .insertInto('user_avatars')
    .values({
      userId: buyer.id,
      contentType: 'image/webp',
      bytes: Buffer.from([0, 1, 2, 250, 255]),
      updatedAt: new Date().toISOString(),
    })
    .execute()
  const top = await insertFolder(db, { folder_name: 'Top' })
  const child = await insertFolder(db, { folder_name: 'Child', parent_id: top.id })
  const grandchild = await insertFolder(db, { folder_name: 'Grandchild', parent_id: child.id })
  const contents = [Buffer.from('first file'), Buffer.alloc(300_000, 7), Buffer.alloc(0)]
  for (const [i, folder] of [top, child, grandchild].entries()) {
    const bytes = contents[i]!
    await insertFile(db, folder.id, { path: await put(t, bytes), size: bytes.length, createdBy: buyer.id })
  }
  const ebook = Buffer.from('%PDF-1.7 the e-book itself')
  const deliveryFile = {
    deliveryFileKey: await put(t, ebook),
    deliveryFileName: 'book.pdf',
    deliveryFileType: 'application/pdf',
    deliveryFileSize: ebook.length,
  }
  const product = await insertProduct(db, deliveryFile)
  const order = await insertOrder(db, buyer.id, { status: 'paid', total: product.price })
  await db
    .insertInto('product_orders')
    // A paid line carries the snapshot of the file it bought, as the settlement writes it.
    .values({
      product_id: product.id,
      order_id: order.id,
      quantity: 1,
      amount: product.price,
      ...deliveryFile,
      deliveryVersionId: product.deliveryVersionId,
    })
    .execute()
  const link = `${DOWNLOAD_PATH}${downloadToken(t.deps.env, {
    orderId: order.id,
    productId: product.id,
    expiresAt: Date.now() + 24 * 3_600_000,
  })}`
  expect((await t.app.request(link)).status).toBe(200)
  return { buyer, ebook, link }
}

async function allRows(t: TestApp) {
  const out: Record<string, string[]> = {}
  for (const table of await listTables(t.database.db)) {
    const rows = await t.database.db
      .selectFrom(table as never)
      .selectAll()
      .execute()
    // Columns by name: a table altered in place (PostgreSQL) and one rebuilt (SQLite) hold the same
    // columns in another order.
    out[table] = rows
      .map((r) =>
        JSON.stringify(Object.fromEntries(Object.entries(r).sort(([a], [b]) => a.localeCompare(b)))),
      )
      .sort()
  }
  return out
}

async function allBlobs(t: TestApp) {
  const out: Record<string, string> = {}
  for await (const blob of t.deps.storage.list()) {
    const chunks: Buffer[] = []
    for await (const chunk of (await t.deps.storage.get(blob.key)).body) chunks.push(chunk as Buffer)
    out[blob.key] = Buffer.concat(chunks).toString('base64')
  }
  return out
}

describe('backup and restore', () => {
  it('round-trips rows, blobs and the generated secret: a signed link from before still works', async () => {
    const source = await createTestApp()
    const { buyer, ebook, link } = await seedSite(source)
    const dir = await tempDir()

    const backup = await admin(source, 'backup', '--to', dir)
    expect(backup.err).toBe('')
    expect(backup.code).toBe(0)
    expect(backup.out).toMatch(/^Backed up \d+ row\(s\) of \d+ tables from (sqlite|postgres), 4 blob\(s\)/)
    expect(backup.out).toContain('and the generated auth secret')
    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'))
    expect(Object.keys(manifest.files)).toContain('auth-secret')
    expect(Object.keys(manifest.files).filter((f) => f.startsWith('blobs/'))).toHaveLength(4)

    // A second backup never overwrites the first.
    expect(await admin(source, 'backup', '--to', dir)).toMatchObject({
      code: 1,
      err: expect.stringContaining('is not empty'),
    })

    const target = await createTestApp({ migrate: false })
    const restored = await runCli(target, ['restore', '--from', dir])
    expect(restored.out).toContain('Restored ')
    expect(restored.code).toBe(0)
    // As main.ts does at start: the generated secret is read from DATA_DIR.
    target.deps.env.authSecret = readOrCreateSecret(path.join(target.deps.env.dataDir, GENERATED_SECRET_FILE))
    expect(target.deps.env.authSecret).toBe(source.deps.env.authSecret)

    expect(await allRows(target)).toEqual(await allRows(source))
    const blobs = await allBlobs(target)
    expect(Object.keys(blobs)).toHaveLength(4)
    expect(blobs).toEqual(await allBlobs(source))

    const download = await target.app.request(link)
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(ebook)).toBe(true)
    const client = new CookieClient(target.app)
    expect((await client.signIn(buyer.email, 'buyer passphrase 1')).headers.get('location')).toBe(
      'http://localhost:3000/',
    )

    // Into a database that is not empty: refused, nothing changed.
    const again = await admin(target, 'restore', '--from', dir)
    expect(again).toMatchObject({ code: 1, err: expect.stringContaining('The database is not empty') })
  }, 60_000)

  it('refuses a damaged backup before writing anything', async () => {
    const source = await createTestApp()
    await seedSite(source)
    const dir = await tempDir()
    expect((await admin(source, 'backup', '--to', dir)).code).toBe(0)
    // One byte flipped in a blob that has bytes (the empty one has none to flip).
    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as {
      files: Record<string, { size: number }>
    }
    const name = Object.keys(manifest.files).find(
      (f) => f.startsWith('blobs/') && manifest.files[f]!.size > 0,
    )!
    const file = path.join(dir, name)
    const bytes = await readFile(file)
    bytes[0] = bytes[0]! ^ 0xff
    await writeFile(file, bytes)

    const target = await createTestApp({ migrate: false })
    const r = await admin(target, 'restore', '--from', dir)
    expect(r.code).toBe(1)
    expect(r.err).toContain('The backup is damaged; nothing was restored.')
    expect(r.err).toContain(`${name} (checksum differs)`)
    expect(await target.database.db.introspection.getTables({ withInternalKyselyTables: true })).toEqual([])
    expect(await readdir(target.deps.env.dataDir)).not.toContain(GENERATED_SECRET_FILE)

    const missing = await admin(target, 'restore', '--from', path.join(dir, 'nowhere'))
    expect(missing).toMatchObject({ code: 1, err: expect.stringContaining('not a Depot backup') })
  }, 60_000)

  it('with S3, lists the keys with sizes and ETags; restore checks that the bucket still holds them', async () => {
    const s3 = await startTestS3Server()
    releaseWhenDone(() => s3.stop())
    const source = await createTestApp({ env: s3.env })
    releaseWhenDone(() => source.deps.storage.close())
    const { ebook, link } = await seedSite(source)
    const dir = await tempDir()
    const backup = await admin(source, 'backup', '--to', dir)
    expect(backup.out).toContain('4 blob(s)')
    expect(backup.out).toContain('their list only, the bucket keeps the bytes')
    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'))
    expect(manifest.blobs).toMatchObject({ driver: 's3', count: 4, bytesIncluded: false })
    expect(Object.keys(manifest.files).filter((f) => f.startsWith('blobs/'))).toEqual([])
    const listed = (await readFile(path.join(dir, 'blobs.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(listed).toHaveLength(4)
    for (const entry of listed) {
      expect(entry).toMatchObject({
        key: expect.any(String),
        size: expect.any(Number),
        etag: expect.stringMatching(/^[0-9a-f]{32}/),
      })
    }

    const target = await createTestApp({ migrate: false, env: s3.env })
    releaseWhenDone(() => target.deps.storage.close())
    const restored = await admin(target, 'restore', '--from', dir)
    expect(restored).toMatchObject({ code: 0, err: '' })
    target.deps.env.authSecret = readOrCreateSecret(path.join(target.deps.env.dataDir, GENERATED_SECRET_FILE))
    expect(await allRows(target)).toEqual(await allRows(source))
    const download = await target.app.request(link)
    expect(Buffer.from(await download.arrayBuffer()).equals(ebook)).toBe(true)

    // A blob gone from the bucket since the backup is named.
    await source.deps.storage.delete(listed[0].key)
    const other = await createTestApp({ migrate: false, env: s3.env })
    releaseWhenDone(() => other.deps.storage.close())
    const partial = await admin(other, 'restore', '--from', dir)
    expect(partial.code).toBe(0)
    expect(partial.err).toContain(`1 blob(s) the backup lists are not in the bucket:\n  ${listed[0].key}`)
  }, 60_000)

  it('refuses a data folder that already has a generated secret or blobs', async () => {
    const source = await createTestApp()
    await seedSite(source)
    const dir = await tempDir()
    expect((await admin(source, 'backup', '--to', dir)).code).toBe(0)

    const withSecret = await createTestApp({ migrate: false })
    readOrCreateSecret(path.join(withSecret.deps.env.dataDir, GENERATED_SECRET_FILE))
    expect(await admin(withSecret, 'restore', '--from', dir)).toMatchObject({
      code: 1,
      err: expect.stringContaining('already has a generated secret: restore into a new, empty data folder.'),
    })
    const withBlobs = await createTestApp({ migrate: false })
    await put(withBlobs, Buffer.from('someone else’s file'))
    expect(await admin(withBlobs, 'restore', '--from', dir)).toMatchObject({
      code: 1,
      err: expect.stringContaining('blobs is not empty: restore into a new, empty data folder.'),
    })
    for (const target of [withSecret, withBlobs]) {
      expect(await target.database.db.introspection.getTables({ withInternalKyselyTables: true })).toEqual([])
    }
  }, 60_000)

  // The format is the same for both databases, so a SQLite site moves to PostgreSQL by backup and restore.
  it.runIf(testDialect() === 'postgres')(
    'moves a SQLite site to PostgreSQL',
    async () => {
      const dataDir = path.dirname(await tempDir())
      const env = loadEnv({
        NODE_ENV: 'test',
        DATA_DIR: path.join(dataDir, 'site'),
        AUTH_URL: TEST_ORIGIN,
        LOG_LEVEL: 'error',
      })
      env.database = { dialect: 'sqlite', file: path.join(env.dataDir, 'depot.sqlite') }
      const database = openDatabase(env.database)
      releaseWhenDone(() => database.close())
      await migrateToLatest(database)
      const notificationHub = createNotificationHub()
      const deps: AppDeps = {
        env,
        database,
        logger: createLogger({ level: 'error' }),
        clock: () => new Date(),
        webRoot: undefined,
        mailer: { kick: () => {} },
        storage: createStorage(env),
        ...createPaystack({ env, database }),
        notificationHub,
        metrics: createMetrics(database, notificationHub),
      }
      const sqliteSite = { app: createApp(deps).app, deps, database } as unknown as TestApp
      const { ebook, link } = await seedSite(sqliteSite)
      const dir = path.join(dataDir, 'backup')
      expect((await admin(sqliteSite, 'backup', '--to', dir)).out).toContain('from sqlite')

      const target = await createTestApp({ migrate: false })
      expect(target.database.dialect).toBe('postgres')
      expect((await admin(target, 'restore', '--from', dir)).code).toBe(0)
      target.deps.env.authSecret = readOrCreateSecret(
        path.join(target.deps.env.dataDir, GENERATED_SECRET_FILE),
      )
      expect(await allRows(target)).toEqual(await allRows(sqliteSite))
      expect(await allBlobs(target)).toEqual(await allBlobs(sqliteSite))
      const download = await target.app.request(link)
      expect(Buffer.from(await download.arrayBuffer()).equals(ebook)).toBe(true)
    },
    60_000,
  )
})
