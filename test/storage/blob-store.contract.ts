import { describe, expect, it } from 'vitest'
import {
  BlobNotFoundError,
  type BlobStore,
  BlobTooLargeError,
  cleanAbandonedWrites,
  InvalidBlobKeyError,
  RangeNotSatisfiableError,
  WriteAbortedError,
} from '../../src/server/lib/storage'
import { describeStagedWriteContract } from './staged-write.contract'
import {
  failingSource,
  randomContent,
  readAll,
  sha256,
  sleep,
  stalledSource,
  streamOf,
  waitFor,
} from './storage-test-helpers'

/** A store under test, and a look at what is really in it (the disk or the bucket, not through the store). */
export interface StoreFixture {
  store: BlobStore
  /** Keys of committed blobs found in the backing store. */
  visibleKeys(): Promise<string[]>
}

const MiB = 1 << 20
const HOUR = 3_600_000
const farFuture = () => new Date(Date.now() + 1000 * HOUR)
const UNKNOWN_KEY = '0190f0e0-0000-7000-8000-000000000000'

async function listAll(store: BlobStore) {
  const found = []
  for await (const entry of store.list()) found.push(entry)
  return found
}

/**
 * The one behaviour both drivers promise (decision 0008), run against each of them. `fixture()` is
 * awaited in each test and gives a store with nothing in it.
 */
export function describeBlobStoreContract(driver: string, fixture: () => Promise<StoreFixture>): void {
  describe(`BlobStore contract: ${driver}`, () => {
    it('round-trips a multi-megabyte stream, reporting its size, SHA-256, SHA-1 and MD5', async () => {
      const { store } = await fixture()
      // Over the S3 driver's 8 MiB part size, so it takes the multipart path.
      const content = randomContent(12 * MiB + 123)
      const written = await store.put(streamOf(content.bytes))
      expect(written).toEqual({ key: expect.any(String), size: content.bytes.length, ...content.hashes })

      const read = await store.get(written.key)
      expect(read.size).toBe(content.bytes.length)
      expect(read.contentLength).toBe(content.bytes.length)
      expect(read.range).toBeUndefined()
      expect(sha256(await readAll(read.body))).toBe(content.sha256)

      expect(await store.exists(written.key)).toBe(true)
      const stat = await store.stat(written.key)
      expect(stat?.size).toBe(content.bytes.length)
      expect(stat?.modifiedAt).toBeInstanceOf(Date)
    })

    it('accepts any async iterable of bytes as the source', async () => {
      const { store } = await fixture()
      async function* parts() {
        yield new TextEncoder().encode('hello ')
        yield new TextEncoder().encode('world')
      }
      const written = await store.put(parts())
      expect(written.size).toBe(11)
      expect((await readAll((await store.get(written.key)).body)).toString()).toBe('hello world')
    })

    it('stores and reads a zero-byte blob', async () => {
      const { store } = await fixture()
      const written = await store.put(streamOf(Buffer.alloc(0)))
      expect(written.size).toBe(0)
      expect(written.sha256).toBe(sha256(Buffer.alloc(0)))
      const read = await store.get(written.key)
      expect(read.size).toBe(0)
      expect(read.contentLength).toBe(0)
      expect((await readAll(read.body)).length).toBe(0)
      expect((await store.stat(written.key))?.size).toBe(0)
      // Any range of an empty blob is unsatisfiable (RFC 9110).
      await expect(store.get(written.key, { range: { start: 0 } })).rejects.toThrow(RangeNotSatisfiableError)
    })

    it('reads byte ranges: first bytes, middle, from an offset to the end, a suffix, an end past the size', async () => {
      const { store } = await fixture()
      const { bytes } = randomContent(3 * MiB + 7)
      const { key } = await store.put(streamOf(bytes))
      const size = bytes.length
      const cases = [
        { range: { start: 0, end: 99 }, start: 0, end: 99 },
        { range: { start: MiB, end: 2 * MiB + 5 }, start: MiB, end: 2 * MiB + 5 },
        { range: { start: size - 10 }, start: size - 10, end: size - 1 },
        { range: { suffix: 500 }, start: size - 500, end: size - 1 },
        { range: { suffix: size + 100 }, start: 0, end: size - 1 },
        { range: { start: size - 3, end: size + 1000 }, start: size - 3, end: size - 1 },
        { range: { start: 5, end: 5 }, start: 5, end: 5 },
      ]
      for (const c of cases) {
        const read = await store.get(key, { range: c.range })
        expect(read.range, JSON.stringify(c.range)).toEqual({ start: c.start, end: c.end })
        expect(read.size).toBe(size)
        expect(read.contentLength).toBe(c.end - c.start + 1)
        expect((await readAll(read.body)).equals(bytes.subarray(c.start, c.end + 1))).toBe(true)
      }
    })

    it('refuses unsatisfiable ranges with a typed error carrying the size', async () => {
      const { store } = await fixture()
      const { key } = await store.put(streamOf(Buffer.from('0123456789')))
      for (const range of [{ start: 10 }, { start: 50, end: 60 }, { suffix: 0 }]) {
        const error = await store.get(key, { range }).catch((e: unknown) => e)
        expect(error, JSON.stringify(range)).toBeInstanceOf(RangeNotSatisfiableError)
        expect((error as RangeNotSatisfiableError).size).toBe(10)
      }
      await expect(store.get(key, { range: { start: 5, end: 2 } })).rejects.toThrow(TypeError)
      await expect(store.get(key, { range: { start: -1 } })).rejects.toThrow(TypeError)
    })

    it('answers a missing blob with BlobNotFoundError, no stat and exists = false', async () => {
      const { store } = await fixture()
      await expect(store.get(UNKNOWN_KEY)).rejects.toThrow(BlobNotFoundError)
      await expect(store.get(UNKNOWN_KEY, { range: { start: 0 } })).rejects.toThrow(BlobNotFoundError)
      expect(await store.stat(UNKNOWN_KEY)).toBeUndefined()
      expect(await store.exists(UNKNOWN_KEY)).toBe(false)
    })

    it('refuses keys that are not blob ids, so nothing else can be reached', async () => {
      const { store } = await fixture()
      for (const key of ['../../etc/passwd', '', 'blobs/x', `${UNKNOWN_KEY}/..`]) {
        await expect(store.get(key)).rejects.toThrow(InvalidBlobKeyError)
        await expect(store.stat(key)).rejects.toThrow(InvalidBlobKeyError)
        await expect(store.delete(key)).rejects.toThrow(InvalidBlobKeyError)
      }
    })

    it('deletes idempotently', async () => {
      const fx = await fixture()
      const { key } = await fx.store.put(streamOf(Buffer.from('bye')))
      await fx.store.delete(key)
      await fx.store.delete(key)
      await fx.store.delete(UNKNOWN_KEY)
      expect(await fx.store.exists(key)).toBe(false)
      await expect(fx.store.get(key)).rejects.toThrow(BlobNotFoundError)
      expect(await fx.visibleKeys()).toEqual([])
    })

    it('an aborted write leaves no blob and no temporary behind', async () => {
      const fx = await fixture()
      const controller = new AbortController()
      const writing = fx.store.put(stalledSource(randomContent(MiB).bytes), { signal: controller.signal })
      await waitFor(async () => (await fx.store.listAbandonedWrites(farFuture())).length === 1)
      controller.abort()
      const error = await writing.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WriteAbortedError)
      expect((error as WriteAbortedError).reason).toBe('signal')
      expect(await fx.visibleKeys()).toEqual([])
      expect(await fx.store.listAbandonedWrites(farFuture())).toEqual([])
    })

    it('a write whose source fails leaves nothing behind and reports the cause', async () => {
      const fx = await fixture()
      const dropped = new Error('connection reset by the uploader')
      // Past one S3 part, so the multipart upload has started when the source fails.
      const error = await fx.store
        .put(failingSource(randomContent(9 * MiB).bytes, dropped))
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WriteAbortedError)
      expect((error as WriteAbortedError).reason).toBe('source')
      expect((error as WriteAbortedError).cause).toBe(dropped)
      expect(await fx.visibleKeys()).toEqual([])
      expect(await fx.store.listAbandonedWrites(farFuture())).toEqual([])
    })

    it('an already aborted signal writes nothing', async () => {
      const fx = await fixture()
      await expect(
        fx.store.put(streamOf(Buffer.from('x')), { signal: AbortSignal.abort() }),
      ).rejects.toThrow()
      expect(await fx.visibleKeys()).toEqual([])
      expect(await fx.store.listAbandonedWrites(farFuture())).toEqual([])
    })

    it('enforces maxBytes: exactly the limit is kept, one byte more fails and leaves nothing', async () => {
      const fx = await fixture()
      const limit = 2 * MiB
      const exact = await fx.store.put(streamOf(randomContent(limit).bytes), { maxBytes: limit })
      expect(exact.size).toBe(limit)

      const overByOne = await fx.store
        .put(streamOf(randomContent(limit + 1).bytes), { maxBytes: limit })
        .catch((e: unknown) => e)
      expect(overByOne).toBeInstanceOf(BlobTooLargeError)
      expect((overByOne as BlobTooLargeError).maxBytes).toBe(limit)

      // Far over, after several S3 parts went up.
      const farOver = await fx.store
        .put(streamOf(randomContent(20 * MiB).bytes), { maxBytes: 10 * MiB })
        .catch((e: unknown) => e)
      expect(farOver).toBeInstanceOf(BlobTooLargeError)

      expect(await fx.visibleKeys()).toEqual([exact.key])
      expect(await fx.store.listAbandonedWrites(farFuture())).toEqual([])
    })

    it('takes a body of announced length only whole: one byte short or over fails and leaves nothing', async () => {
      const fx = await fixture()
      const kept: string[] = []
      // Within one S3 part (one PutObject) and past it (multipart).
      for (const length of [3000, 9 * MiB]) {
        const content = randomContent(length)
        const exact = await fx.store.put(streamOf(content.bytes, 64 * 1024), { length })
        expect(exact).toEqual({ key: expect.any(String), size: length, ...content.hashes })
        expect(sha256(await readAll((await fx.store.get(exact.key)).body))).toBe(content.sha256)
        kept.push(exact.key)

        const short = await fx.store
          .put(streamOf(content.bytes.subarray(0, length - 1)), { length })
          .catch((e: unknown) => e)
        expect(short).toBeInstanceOf(WriteAbortedError)
        expect((short as WriteAbortedError).reason).toBe('source')

        const over = await fx.store
          .put(streamOf(randomContent(length + 1).bytes), { length })
          .catch((e: unknown) => e)
        expect(over).toBeInstanceOf(BlobTooLargeError)
        expect((over as BlobTooLargeError).maxBytes).toBe(length)
      }
      const failed = await fx.store
        .put(failingSource(Buffer.alloc(1000, 1), new Error('client gone')), { length: 5000 })
        .catch((e: unknown) => e)
      expect(failed).toBeInstanceOf(WriteAbortedError)
      // A smaller maxBytes still wins over the length.
      const capped = await fx.store
        .put(streamOf(randomContent(2000).bytes), { length: 2000, maxBytes: 1000 })
        .catch((e: unknown) => e)
      expect((capped as BlobTooLargeError).maxBytes).toBe(1000)

      expect((await fx.visibleKeys()).sort()).toEqual(kept.sort())
      expect(await fx.store.listAbandonedWrites(farFuture())).toEqual([])
    })

    it('runs concurrent writes of different contents side by side, each intact under its own key', async () => {
      const fx = await fixture()
      const contents = Array.from({ length: 6 }, (_, i) => randomContent(MiB + i * 4099))
      const written = await Promise.all(contents.map((c) => fx.store.put(streamOf(c.bytes, 64 * 1024))))
      expect(new Set(written.map((w) => w.key)).size).toBe(contents.length)
      for (const [i, w] of written.entries()) {
        expect(w.sha256).toBe(contents[i]!.sha256)
        expect(sha256(await readAll((await fx.store.get(w.key)).body))).toBe(contents[i]!.sha256)
      }
      expect((await fx.visibleKeys()).sort()).toEqual(written.map((w) => w.key).sort())
    })

    it('lists every committed blob with its size and modification time, never a write in progress', async () => {
      const fx = await fixture()
      expect(await listAll(fx.store)).toEqual([])
      const before = Date.now() - 2_000 // some stores keep times to the second
      const a = await fx.store.put(streamOf(Buffer.from('first blob')))
      const b = await fx.store.put(streamOf(Buffer.alloc(0)))
      const deleted = await fx.store.put(streamOf(Buffer.from('gone')))
      await fx.store.delete(deleted.key)
      const controller = new AbortController()
      const writing = fx.store.put(stalledSource(Buffer.alloc(64 * 1024, 3)), { signal: controller.signal })
      await waitFor(async () => (await fx.store.listAbandonedWrites(farFuture())).length === 1)

      const listed = await listAll(fx.store)
      expect(listed.map((l) => l.key).sort()).toEqual([a.key, b.key].sort())
      expect(listed.map((l) => l.key).sort()).toEqual((await fx.visibleKeys()).sort())
      for (const entry of listed) {
        const stat = await fx.store.stat(entry.key)
        expect(entry.size).toBe(stat?.size)
        expect(entry.modifiedAt.getTime()).toBeGreaterThanOrEqual(before)
        expect(entry.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2_000)
      }
      expect(listed.find((l) => l.key === a.key)?.size).toBe(10)

      controller.abort()
      await expect(writing).rejects.toThrow(WriteAbortedError)
    })

    it('lists and cleans only writes abandoned before the cutoff, never committed blobs', async () => {
      const fx = await fixture()
      const committed = await fx.store.put(streamOf(Buffer.from('keep me')))
      const older = new AbortController()
      const newer = new AbortController()
      const writes = [fx.store.put(stalledSource(Buffer.alloc(64 * 1024, 1)), { signal: older.signal })]
      await waitFor(async () => (await fx.store.listAbandonedWrites(farFuture())).length === 1)
      const [olderWrite] = await fx.store.listAbandonedWrites(farFuture())
      // Some stores keep times to the second, and a file's time may trail the clock by a few
      // milliseconds: the cutoff is a whole second more than one after the older write, and the newer
      // one starts 50 ms past it.
      await sleep(1_100)
      const cutoff = new Date(Math.ceil(Date.now() / 1000) * 1000)
      await sleep(cutoff.getTime() + 50 - Date.now())
      writes.push(fx.store.put(stalledSource(Buffer.alloc(64 * 1024, 2)), { signal: newer.signal }))
      await waitFor(async () => (await fx.store.listAbandonedWrites(farFuture())).length === 2)

      const abandoned = await fx.store.listAbandonedWrites(cutoff)
      expect(abandoned.map((w) => w.key)).toEqual([olderWrite!.key])
      expect(abandoned[0]!.since.getTime()).toBeLessThan(cutoff.getTime())

      // The same through the job's function: "older than 1 hour", seen from 1 hour after the cutoff.
      const cleaned = await cleanAbandonedWrites(fx.store, {
        olderThanHours: 1,
        now: new Date(cutoff.getTime() + HOUR),
      })
      expect(cleaned).toEqual({ removed: 1 })
      const left = await fx.store.listAbandonedWrites(farFuture())
      expect(left).toHaveLength(1)
      expect(left[0]!.key).not.toBe(olderWrite!.key)
      expect(await cleanAbandonedWrites(fx.store, { now: new Date() })).toEqual({ removed: 0 })

      // Settle both before asserting: awaiting them one by one would leave the second rejection unhandled.
      older.abort()
      newer.abort()
      const outcomes = await Promise.allSettled(writes)
      for (const outcome of outcomes) {
        expect(outcome.status).toBe('rejected')
        expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(WriteAbortedError)
      }
      expect(await fx.store.listAbandonedWrites(farFuture())).toEqual([])
      expect(await fx.visibleKeys()).toEqual([committed.key])
      expect((await readAll((await fx.store.get(committed.key)).body)).toString()).toBe('keep me')
    })
  })
  describeStagedWriteContract(driver, fixture)
}
