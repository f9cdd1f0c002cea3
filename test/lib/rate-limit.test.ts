import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db/connection'
import type { DB } from '../../src/server/db/schema'
import {
  hitRateLimit,
  peekRateLimit,
  purgeExpiredRateLimits,
  releaseRateLimit,
  resetRateLimit,
} from '../../src/server/lib/rate-limit/rate-limit'
import { createTestApp } from '../support/test-app'

const t = await createTestApp()
const db = t.database.db
const MINUTE = 60_000
const start = new Date('2026-03-01T10:00:00.000Z')
const at = (ms: number) => new Date(start.getTime() + ms)
let n = 0
const freshKey = () => `test:key:${n++}`

/**
 * Another server instance on the same database: its own connection (SQLite) or pool (PostgreSQL).
 * The pool is closed only once every client has really disconnected, because pg-pool's end()
 * resolves earlier and the file's teardown then drops the database under live connections.
 */
async function withInstance<T>(run: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  const config = t.testDb.config
  if (config.dialect === 'sqlite') {
    const other = openDatabase(config)
    try {
      return await run(other.db)
    } finally {
      await other.close()
    }
  }
  const pool = new pg.Pool({ connectionString: config.url, max: 10 })
  const disconnected: Promise<void>[] = []
  pool.on('connect', (client) => {
    disconnected.push(new Promise((resolve) => client.once('end', () => resolve())))
  })
  const other = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  try {
    return await run(other)
  } finally {
    await other.destroy()
    await Promise.all(disconnected)
  }
}

describe('hitRateLimit', () => {
  it('allows five hits in a window and refuses the sixth until the window ends', async () => {
    const key = freshKey()
    const rule = { key, limit: 5, windowMs: 15 * MINUTE }
    for (let i = 1; i <= 5; i++) {
      const r = await hitRateLimit(db, { ...rule, now: at(i * 1000) })
      expect(r).toMatchObject({ allowed: true, remaining: 5 - i, retryAfterSeconds: 0 })
    }
    const sixth = await hitRateLimit(db, { ...rule, now: at(60_000) })
    expect(sixth.allowed).toBe(false)
    expect(sixth.remaining).toBe(0)
    // The window opened at the first hit (start + 1 s) and lasts 15 minutes: 14 min 1 s are left.
    expect(sixth.retryAfterSeconds).toBe(15 * 60 - 59)
    expect(sixth.resetAt).toBe(at(1000 + 15 * MINUTE).toISOString())
  })

  it('rounds the wait up to whole seconds and never says 0 while refusing', async () => {
    const rule = { key: freshKey(), limit: 1, windowMs: 10_000 }
    await hitRateLimit(db, { ...rule, now: at(0) })
    expect((await hitRateLimit(db, { ...rule, now: at(9_999) })).retryAfterSeconds).toBe(1)
    expect((await hitRateLimit(db, { ...rule, now: at(1_500) })).retryAfterSeconds).toBe(9)
  })

  it('starts a new window once the old one has ended', async () => {
    const rule = { key: freshKey(), limit: 2, windowMs: MINUTE }
    await hitRateLimit(db, { ...rule, now: at(0) })
    await hitRateLimit(db, { ...rule, now: at(1) })
    expect((await hitRateLimit(db, { ...rule, now: at(2) })).allowed).toBe(false)
    // Exactly at the end of the window the old window is over.
    const next = await hitRateLimit(db, { ...rule, now: at(MINUTE) })
    expect(next).toMatchObject({ allowed: true, remaining: 1, resetAt: at(2 * MINUTE).toISOString() })
  })

  it('does not extend the window or grow without bound while refusing', async () => {
    const rule = { key: freshKey(), limit: 3, windowMs: MINUTE }
    for (let i = 0; i < 50; i++) await hitRateLimit(db, { ...rule, now: at(i * 100) })
    const row = await db
      .selectFrom('rate_limits')
      .selectAll()
      .where('key', '=', rule.key)
      .executeTakeFirstOrThrow()
    expect(row.count).toBe(4)
    expect(row.reset_at).toBe(at(MINUTE).toISOString())
    expect((await hitRateLimit(db, { ...rule, now: at(MINUTE) })).allowed).toBe(true)
  })

  it('keeps keys independent', async () => {
    const a = { key: freshKey(), limit: 1, windowMs: MINUTE, now: at(0) }
    const b = { ...a, key: freshKey() }
    expect((await hitRateLimit(db, a)).allowed).toBe(true)
    expect((await hitRateLimit(db, a)).allowed).toBe(false)
    expect((await hitRateLimit(db, b)).allowed).toBe(true)
  })

  it('counts 20 concurrent hits on one key from two instances exactly (no lost updates)', async () => {
    const rule = { key: freshKey(), limit: 1000, windowMs: MINUTE, now: at(0) }
    const results = await withInstance((a) =>
      withInstance((b) =>
        Promise.all(Array.from({ length: 20 }, (_, i) => hitRateLimit(i % 2 ? a : b, rule))),
      ),
    )
    const remaining = results.map((r) => r.remaining).sort((x, y) => x - y)
    expect(remaining).toEqual(Array.from({ length: 20 }, (_, i) => 980 + i))
    const row = await db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', rule.key)
      .executeTakeFirstOrThrow()
    expect(row.count).toBe(20)
  })

  it('lets exactly `limit` of many concurrent hits through', async () => {
    const rule = { key: freshKey(), limit: 5, windowMs: MINUTE, now: at(0) }
    const results = await withInstance((a) =>
      Promise.all(Array.from({ length: 20 }, () => hitRateLimit(a, rule))),
    )
    expect(results.filter((r) => r.allowed)).toHaveLength(5)
  })

  it('refuses nonsense rules loudly', async () => {
    await expect(hitRateLimit(db, { key: '', limit: 5, windowMs: MINUTE, now: at(0) })).rejects.toThrow(/key/)
    await expect(hitRateLimit(db, { key: 'k', limit: 0, windowMs: MINUTE, now: at(0) })).rejects.toThrow(
      /limit/,
    )
    await expect(hitRateLimit(db, { key: 'k', limit: 1, windowMs: 0, now: at(0) })).rejects.toThrow(
      /windowMs/,
    )
  })
})

describe('peekRateLimit', () => {
  it('reads without counting and says whether the next hit would pass', async () => {
    const rule = { key: freshKey(), limit: 2, windowMs: MINUTE }
    expect(await peekRateLimit(db, { ...rule, now: at(0) })).toMatchObject({ allowed: true, remaining: 2 })
    await hitRateLimit(db, { ...rule, now: at(0) })
    expect(await peekRateLimit(db, { ...rule, now: at(10) })).toMatchObject({ allowed: true, remaining: 1 })
    expect(await peekRateLimit(db, { ...rule, now: at(10) })).toMatchObject({ allowed: true, remaining: 1 })
    await hitRateLimit(db, { ...rule, now: at(20) })
    const locked = await peekRateLimit(db, { ...rule, now: at(30_000) })
    expect(locked).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 30 })
    expect(await peekRateLimit(db, { ...rule, now: at(MINUTE) })).toMatchObject({
      allowed: true,
      remaining: 2,
    })
  })
})

describe('releaseRateLimit', () => {
  it('gives back one hit in the open window, never below zero', async () => {
    const rule = { key: freshKey(), limit: 2, windowMs: MINUTE }
    await hitRateLimit(db, { ...rule, now: at(0) })
    await hitRateLimit(db, { ...rule, now: at(1) })
    expect((await peekRateLimit(db, { ...rule, now: at(2) })).allowed).toBe(false)
    await releaseRateLimit(db, { ...rule, now: at(3) })
    expect(await peekRateLimit(db, { ...rule, now: at(4) })).toMatchObject({ allowed: true, remaining: 1 })
    await releaseRateLimit(db, { ...rule, now: at(5) })
    await releaseRateLimit(db, { ...rule, now: at(6) })
    expect(await peekRateLimit(db, { ...rule, now: at(7) })).toMatchObject({ allowed: true, remaining: 2 })
    expect((await hitRateLimit(db, { ...rule, now: at(8) })).remaining).toBe(1)
  })

  it('hands out the released hit even when refused hits were parked above the limit', async () => {
    const rule = { key: freshKey(), limit: 3, windowMs: MINUTE }
    for (let i = 0; i < 6; i++) await hitRateLimit(db, { ...rule, now: at(i) })
    await releaseRateLimit(db, { ...rule, now: at(10) })
    expect((await hitRateLimit(db, { ...rule, now: at(11) })).allowed).toBe(true)
    expect((await hitRateLimit(db, { ...rule, now: at(12) })).allowed).toBe(false)
  })

  it('leaves an ended window alone', async () => {
    const rule = { key: freshKey(), limit: 1, windowMs: MINUTE }
    await hitRateLimit(db, { ...rule, now: at(0) })
    await releaseRateLimit(db, { ...rule, now: at(MINUTE + 1) })
    const row = await db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', rule.key)
      .executeTakeFirst()
    expect(Number(row?.count)).toBe(1)
  })
})

describe('resetRateLimit and purgeExpiredRateLimits', () => {
  it('reset forgets one key', async () => {
    const rule = { key: freshKey(), limit: 1, windowMs: MINUTE, now: at(0) }
    const other = { ...rule, key: freshKey() }
    await hitRateLimit(db, rule)
    await hitRateLimit(db, other)
    await resetRateLimit(db, rule.key)
    expect((await hitRateLimit(db, rule)).allowed).toBe(true)
    expect((await hitRateLimit(db, other)).allowed).toBe(false)
  })

  it('purge deletes only ended windows', async () => {
    const late = new Date('2030-01-01T00:00:00.000Z')
    const short = { key: freshKey(), limit: 1, windowMs: 1_000, now: late }
    const long = { key: freshKey(), limit: 1, windowMs: 60 * MINUTE, now: late }
    await hitRateLimit(db, short)
    await hitRateLimit(db, long)
    const purged = await purgeExpiredRateLimits(db, new Date(late.getTime() + MINUTE))
    expect(purged).toBeGreaterThanOrEqual(1)
    const keys = (await db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key)
    expect(keys).toContain(long.key)
    expect(keys).not.toContain(short.key)
  })
})
