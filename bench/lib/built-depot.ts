import { spawn } from 'node:child_process'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import { openDatabase } from '../../src/server/db/connection'
import { migrateToLatest } from '../../src/server/db/migrator'
import { loadEnv } from '../../src/server/env'
import { createStorage } from '../../src/server/lib/storage'
import { REPO_ROOT } from './built-tree'
import { freePort } from './free-port'
import { seedProducts } from './seed'
import { SERVER_NODE_ARGS } from './server-node-args'

// The built server (`node dist/server/main.js`) on a fresh SQLite folder with published products that
// have covers: the storefront as a visitor meets it, for the benches that load it in a browser or by HTTP.

/** A migrated database with published products, each with a cover at both sizes; the first one's slug. */
export async function seedShop(dataDir: string, count: number): Promise<string> {
  const env = loadEnv({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    AUTH_URL: 'http://127.0.0.1',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'warn',
  })
  const database = openDatabase(env.database)
  try {
    await migrateToLatest(database)
    await seedProducts(database.db, count)
    const storage = createStorage(env)
    const products = await database.db.selectFrom('products').select(['id', 'slug']).execute()
    for (const [i, product] of products.entries()) {
      const picture = sharp({
        create: { width: 1200, height: 900, channels: 3, background: `hsl(${i * 45}, 60%, 45%)` },
      })
      const [small, large] = await Promise.all([
        picture.clone().resize({ width: 400 }).webp({ quality: 82 }).toBuffer(),
        picture.clone().webp({ quality: 82 }).toBuffer(),
      ])
      const smallBlob = await storage.put(Readable.from([small]))
      const largeBlob = await storage.put(Readable.from([large]))
      await database.db
        .updateTable('products')
        .set({
          cover_photo: `/api/shop/products/${product.id}/cover/1200?v=bench`,
          coverSmallKey: smallBlob.key,
          coverLargeKey: largeBlob.key,
        })
        .where('id', '=', product.id)
        .execute()
    }
    const newest = await database.db
      .selectFrom('products')
      .select('slug')
      .orderBy('publishedAt', 'desc')
      .executeTakeFirstOrThrow()
    return newest.slug ?? products[0]!.id
  } finally {
    await database.close()
  }
}

export interface BuiltDepot {
  origin: string
  stop: () => Promise<void>
}

/** With BENCH_CPU_PROFILE=<folder>, the server writes a V8 CPU profile there when it stops. */
function cpuProfile(): string[] {
  const folder = process.env.BENCH_CPU_PROFILE?.trim()
  return folder ? ['--cpu-prof', `--cpu-prof-dir=${folder}`] : []
}

/**
 * `node dist/server/main.js` on `dataDir` with npm start's node arguments, answering once /healthz
 * does; `env` adds to its environment.
 */
export async function startDepot(dataDir: string, env: Record<string, string> = {}): Promise<BuiltDepot> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...cpuProfile(), 'dist/server/main.js'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      // Production refuses plain http and the built-in emulators; the built files are served the same way.
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_URL: origin,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dist/server/main.js exited with ${child.exitCode}`)
    const ok = await fetch(`${origin}/healthz`)
      .then((r) => r.status === 200)
      .catch(() => false)
    if (ok) return { origin, stop }
    if (Date.now() > deadline) {
      await stop()
      throw new Error('Depot did not answer /healthz within 30 s')
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
