import { Readable } from 'node:stream'
import sharp from 'sharp'
import { createUserWithPassword } from '../../src/server/features/accounts/sign-up/users.service'
import { accessToken, openDepot } from '../lib/app-fixture'
import { seedDashboard } from '../lib/seed-dashboard'
import { seedLarge } from '../lib/seed-large'

// What the load needs in the data folder (and database, and bucket) before the servers start: real
// accounts with passwords (users and one staff member with AccessShop), a personal access token for
// those who use one, a shop of published products with covers at both sizes, and orders for the
// staff member's CSV export. Seeded through the product's own functions where one exists.

export const PASSWORD = 'load bench passphrase, long enough'
const PRODUCTS = 24

export interface Person {
  id: string
  email: string
  /** A read-write personal access token; undefined for those who sign in (a session cookie). */
  token: string | undefined
}

export interface Seeded {
  users: Person[]
  staff: Person
  products: { id: string; slug: string }[]
  orders: number
  /** Rows of files the scale seed wrote without bytes (fsck counts each as a missing blob); 0 without it. */
  filesWithoutBytes: number
  /** What the scale seed took, in seconds; undefined without it. */
  largeSeedSeconds: number | undefined
}

/**
 * Seeds `dataDir` with `env` (the database and storage variables the servers get too). Every other
 * user signs in over HTTP later (a browser's session); the others and the staff member use a token.
 * With `counts.files`, the scale benchmark's seed (seed-large.ts) comes first and gives the shop and
 * the orders in place of the dashboard's: its products, orders and customers, and its files, whose rows
 * have no bytes behind them.
 */
export async function seedLoad(
  dataDir: string,
  env: Record<string, string>,
  counts: { users: number; orders: number; files: number },
): Promise<Seeded> {
  const { database, deps } = await openDepot(dataDir, { env })
  // The S3 client warns once per cover (a stream of unknown length): not news, and 48 lines of it.
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('Stream of unknown length')) warn(...args)
  }
  try {
    let orders = counts.orders
    let largeSeedSeconds: number | undefined
    if (counts.files > 0) {
      const config = deps.env.database
      const large = await seedLarge(
        { label: config.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL', url: env.DATABASE_URL },
        config.dialect === 'sqlite' ? config.file : '',
        counts.files,
      )
      orders = large.sizes.orders
      largeSeedSeconds = large.seconds.total
    } else
      await seedDashboard(
        database.db,
        { orders: counts.orders, entries: 200, customers: 2_000, products: PRODUCTS },
        new Date(),
      )
    const products = await database.db
      .selectFrom('products')
      .select(['id', 'slug'])
      .where('isPublished', '=', true)
      .orderBy('id')
      .limit(PRODUCTS)
      .execute()
    for (const [i, product] of products.entries()) {
      const picture = sharp({
        create: { width: 1200, height: 900, channels: 3, background: `hsl(${i * 45}, 60%, 45%)` },
      })
      const [small, large] = await Promise.all([
        picture.clone().resize({ width: 400 }).webp({ quality: 82 }).toBuffer(),
        picture.clone().webp({ quality: 82 }).toBuffer(),
      ])
      const smallBlob = await deps.storage.put(Readable.from([small]))
      const largeBlob = await deps.storage.put(Readable.from([large]))
      await database.db
        .updateTable('products')
        .set({
          cover_photo: `/api/shop/products/${product.id}/cover/1200?v=load`,
          coverSmallKey: smallBlob.key,
          coverLargeKey: largeBlob.key,
        })
        .where('id', '=', product.id)
        .execute()
    }
    const users: Person[] = []
    for (let i = 0; i < counts.users; i++) {
      const row = await createUserWithPassword(deps, {
        email: `load-user-${i}@example.com`,
        password: PASSWORD,
        first_name: 'Load',
        last_name: `User ${i}`,
        verified: true,
      })
      users.push({
        id: row.id,
        email: row.email,
        token: i % 2 === 1 ? await accessToken(deps, row.id) : undefined,
      })
    }
    const staffRow = await createUserWithPassword(deps, {
      email: 'load-staff@example.com',
      password: PASSWORD,
      first_name: 'Load',
      last_name: 'Staff',
      role: 'staff',
      staffFunctions: ['AccessShop'],
      verified: true,
    })
    const staff = { id: staffRow.id, email: staffRow.email, token: await accessToken(deps, staffRow.id) }
    return {
      users,
      staff,
      products: products.map((p) => ({ id: p.id, slug: p.slug ?? p.id })),
      orders,
      filesWithoutBytes: counts.files,
      largeSeedSeconds,
    }
  } finally {
    console.warn = warn
    await deps.storage.close()
    await database.close()
  }
}
