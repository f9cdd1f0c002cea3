import { describe, expect, it } from 'vitest'
import {
  BlobTooLargeError,
  type StagedWrite,
  StagedWriteLostError,
  WriteAbortedError,
} from '../../src/server/lib/storage'
import type { StoreFixture } from './blob-store.contract'
import { failingSource, randomContent, readAll, sha256, streamOf } from './storage-test-helpers'

// The resumable half of the BlobStore contract (staged writes, decision 0081), run against each driver
// from describeBlobStoreContract.

const MiB = 1 << 20

export function describeStagedWriteContract(driver: string, fixture: () => Promise<StoreFixture>): void {
  describe(`BlobStore contract, resumable writes: ${driver}`, () => {
    it('assembles a resumable write from uneven appends, a cut one among them, invisible until committed', async () => {
      const fx = await fixture()
      const content = randomContent(17 * MiB + 5)
      // The state goes through JSON between appends, as it does through the database between requests.
      const roundTrip = (w: StagedWrite): StagedWrite => JSON.parse(JSON.stringify(w))
      let write = roundTrip(await fx.store.beginStagedWrite(content.bytes.length))
      const slice = (from: number, n: number) => content.bytes.subarray(from, from + n)
      // Small appends (tails below any part size), one that crosses a part boundary, one that is cut.
      for (const n of [1 * MiB, 3 * MiB + 7, 6 * MiB]) {
        const appended = await fx.store.appendStagedWrite(write, streamOf(slice(write.offset, n)))
        expect(appended.failure).toBeUndefined()
        write = roundTrip(appended.write)
      }
      expect(write.offset).toBe(10 * MiB + 7)
      const cut = await fx.store.appendStagedWrite(
        write,
        failingSource(slice(write.offset, 2 * MiB), new Error('client went away')),
      )
      expect(cut.failure).toBeInstanceOf(WriteAbortedError)
      expect(cut.write.offset).toBe(12 * MiB + 7)
      write = roundTrip(cut.write)
      // More than is left: refused, what came before it is kept.
      const tooLong = await fx.store.appendStagedWrite(write, streamOf(Buffer.alloc(6 * MiB), 6 * MiB))
      expect(tooLong.failure).toBeInstanceOf(BlobTooLargeError)
      expect(tooLong.write.offset).toBe(write.offset)
      expect(await fx.visibleKeys()).toEqual([])
      expect(await fx.store.exists(write.key)).toBe(false)

      const last = await fx.store.appendStagedWrite(write, streamOf(content.bytes.subarray(write.offset)))
      write = roundTrip(last.write)
      expect(write.offset).toBe(content.bytes.length)
      const committed = await fx.store.commitStagedWrite(write)
      expect(committed).toEqual({ key: write.key, size: content.bytes.length, ...content.hashes })
      // Committing again (an answer that was lost) reports the same blob.
      expect(await fx.store.commitStagedWrite(write)).toEqual(committed)
      expect(await fx.visibleKeys()).toEqual([write.key])
      expect(sha256(await readAll((await fx.store.get(write.key)).body))).toBe(content.sha256)
    })

    it('stores one append that spans several S3 parts, each sent while the next is read', async () => {
      const fx = await fixture()
      // Three whole parts and a tail in one request: every part buffer is used twice.
      const content = randomContent(25 * MiB + 3)
      const begun = await fx.store.beginStagedWrite(content.bytes.length)
      const appended = await fx.store.appendStagedWrite(
        begun,
        streamOf(content.bytes.subarray(0, 24 * MiB + 1)),
      )
      expect(appended.failure).toBeUndefined()
      expect(appended.write.offset).toBe(24 * MiB + 1)
      const last = await fx.store.appendStagedWrite(
        JSON.parse(JSON.stringify(appended.write)),
        streamOf(content.bytes.subarray(24 * MiB + 1)),
      )
      expect(await fx.store.commitStagedWrite(last.write)).toEqual({
        key: begun.key,
        size: content.bytes.length,
        ...content.hashes,
      })
      expect(sha256(await readAll((await fx.store.get(begun.key)).body))).toBe(content.sha256)
    })

    it('commits an empty resumable write, and aborts one that will not finish', async () => {
      const fx = await fixture()
      const empty = await fx.store.beginStagedWrite(0)
      expect(await fx.store.commitStagedWrite(empty)).toMatchObject({ size: 0 })
      const dropped = await fx.store.beginStagedWrite(10 * MiB)
      const half = await fx.store.appendStagedWrite(dropped, streamOf(randomContent(9 * MiB).bytes))
      await fx.store.abortStagedWrite(half.write)
      await fx.store.abortStagedWrite(half.write)
      await expect(fx.store.appendStagedWrite(half.write, streamOf(Buffer.alloc(1)))).rejects.toBeInstanceOf(
        StagedWriteLostError,
      )
      expect(await fx.visibleKeys()).toEqual([empty.key])
    })
  })
}
