import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadEnv } from '../../src/server/env'
import { cleanAbandonedWrites, createDiskBlobStore, createStorage } from '../../src/server/lib/storage'
import { describeBlobStoreContract, type StoreFixture } from './blob-store.contract'
import { randomContent, readAll, sha256, streamOf } from './storage-test-helpers'

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-disk-store-'))
afterAll(() => fs.rmSync(base, { recursive: true, force: true }))

let count = 0
async function diskFixture(): Promise<StoreFixture & { root: string }> {
  const root = path.join(base, `store-${++count}`)
  return { root, store: createDiskBlobStore(root), visibleKeys: async () => committedFiles(root) }
}

/** Committed blob files under the root: the shard folders, not the temp or staging folders. */
function committedFiles(root: string): string[] {
  if (!fs.existsSync(root)) return []
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[0-9a-f]{2}$/.test(entry.name))
    .flatMap((dir) => fs.readdirSync(path.join(root, dir.name)))
}

describeBlobStoreContract('local disk', diskFixture)

describe('disk driver layout', () => {
  it('keeps blobs under DATA_DIR/blobs/<last two hex digits>/<key> and temps in the same tree', async () => {
    const dataDir = path.join(base, 'data-dir')
    const store = createStorage(loadEnv({ DATA_DIR: dataDir }))
    expect(store.driver).toBe('disk')
    const { key } = await store.put(streamOf(Buffer.from('layout')))
    const file = path.join(dataDir, 'blobs', key.slice(-2), key)
    expect(fs.readFileSync(file, 'utf8')).toBe('layout')
    // Same filesystem as the blobs, so the commit is an atomic rename.
    expect(fs.statSync(path.join(dataDir, 'blobs', 'tmp')).dev).toBe(fs.statSync(file).dev)
    expect(fs.readdirSync(path.join(dataDir, 'blobs', 'tmp'))).toEqual([])
  })

  it('sweeps a temp file a crashed process left, by its age, and ignores foreign files', async () => {
    const fx = await diskFixture()
    const tempDir = path.join(fx.root, 'tmp')
    fs.mkdirSync(tempDir, { recursive: true })
    const crashed = path.join(tempDir, '0190f0e0-0000-7000-8000-00000000abcd.part')
    const recent = path.join(tempDir, '0190f0e0-0000-7000-8000-00000000abce.part')
    const foreign = path.join(tempDir, 'notes.part')
    for (const file of [crashed, recent, foreign]) fs.writeFileSync(file, 'partial')
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000)
    fs.utimesSync(crashed, twoDaysAgo, twoDaysAgo)
    fs.utimesSync(foreign, twoDaysAgo, twoDaysAgo)

    expect(await cleanAbandonedWrites(fx.store, { olderThanHours: 24 })).toEqual({ removed: 1 })
    expect(fs.readdirSync(tempDir).sort()).toEqual([path.basename(recent), 'notes.part'].sort())
  })
})

describe('disk resumable writes: the SHA-256 in the same pass as the writes', () => {
  const MiB = 1 << 20

  it('hashes as it writes: the commit does not read the staged file back', async () => {
    const fx = await diskFixture()
    const content = randomContent(5 * MiB + 3)
    let write = await fx.store.beginStagedWrite(content.bytes.length)
    for (const end of [2 * MiB, content.bytes.length]) {
      write = (await fx.store.appendStagedWrite(write, streamOf(content.bytes.subarray(write.offset, end))))
        .write
    }
    // Changed on disk behind the store's back: a commit that read the file would report these bytes.
    const staged = path.join(fx.root, 'staging', `${write.key}.part`)
    const handle = fs.openSync(staged, 'r+')
    fs.writeSync(handle, Buffer.from('tampered'), 0, 8, 0)
    fs.closeSync(handle)
    expect(await fx.store.commitStagedWrite(write)).toEqual({
      key: write.key,
      size: content.bytes.length,
      ...content.hashes,
    })
  })

  it('cuts off at commit what a writer that died before saving wrote past the end, small or large', async () => {
    const fx = await diskFixture()
    // 40 KiB is hashed in place, 3 MiB on the hashing threads (content-hasher.ts).
    for (const length of [40 * 1024, 3 * MiB]) {
      const content = randomContent(length)
      const write = (
        await fx.store.appendStagedWrite(await fx.store.beginStagedWrite(length), streamOf(content.bytes))
      ).write
      expect(write.offset).toBe(length)
      // A second writer of the same bytes got further than the saved state says, then died.
      const staged = path.join(fx.root, 'staging', `${write.key}.part`)
      fs.appendFileSync(staged, Buffer.from('bytes nobody saved'))
      expect(await fx.store.commitStagedWrite(write)).toEqual({
        key: write.key,
        size: length,
        ...content.hashes,
      })
      const blob = fs.readFileSync(path.join(fx.root, write.key.slice(-2), write.key))
      expect(blob.length).toBe(length)
      expect(sha256(blob)).toBe(content.sha256)
    }
  })

  it('hashes the staged prefix again when another instance continues a write, or a saved offset fell behind', async () => {
    const fx = await diskFixture()
    // Two instances on one shared blob root, taking turns as a round-robin balancer sends them chunks.
    const instances = [fx.store, createDiskBlobStore(fx.root)]
    const content = randomContent(7 * MiB + 11)
    let write = await instances[0]!.beginStagedWrite(content.bytes.length)
    const ends = [1 * MiB, 3 * MiB, 4 * MiB, 6 * MiB, content.bytes.length]
    const takers = [0, 1, 0, 0, 1]
    for (const [i, end] of ends.entries()) {
      const store = instances[takers[i]!]!
      const appended = await store.appendStagedWrite(
        write,
        streamOf(content.bytes.subarray(write.offset, end)),
      )
      // The third append's new offset is never saved (the database write failed): the next append
      // starts again from the older one, on the same instance that got ahead of it.
      if (i !== 2) write = appended.write
    }
    expect(write.offset).toBe(content.bytes.length)
    for (const store of instances) {
      expect(await store.commitStagedWrite(write)).toEqual({
        key: write.key,
        size: content.bytes.length,
        ...content.hashes,
      })
    }
    expect(sha256(fs.readFileSync(path.join(fx.root, write.key.slice(-2), write.key)))).toBe(content.sha256)
  })
})

describe('disk resumable writes: a small write on the disk thread', () => {
  /**
   * Holds every thread of libuv's pool in an open() of a named pipe nobody writes to (no CPU spent);
   * answers how to let them go. `probe` is a pool call queued behind them: pending while they hold.
   */
  async function holdThreadPool(dir: string) {
    const threads = Number(process.env.UV_THREADPOOL_SIZE) || 4
    const pipes = Array.from({ length: threads }, (_, i) => path.join(dir, `pipe-${i}`))
    for (const pipe of pipes) execFileSync('mkfifo', [pipe])
    const held = pipes.map((pipe) => fs.promises.open(pipe, 'r'))
    let probeDone = false
    const probe = fs.promises.stat(dir).then(() => {
      probeDone = true
    })
    return {
      probeDone: () => probeDone,
      async release() {
        // Opening each pipe for writing ends the open() waiting on it.
        for (const pipe of pipes) fs.closeSync(fs.openSync(pipe, 'w'))
        for (const handle of await Promise.all(held)) await handle.close()
        await probe
      },
    }
  }

  it('appends, commits and reads back without a trip through the thread pool, which other work may fill', async () => {
    const fx = await diskFixture()
    fs.mkdirSync(fx.root, { recursive: true })
    const content = randomContent(40 * 1024)
    // The disk threads start with the first write (a thread loads its program through the pool).
    const first = await fx.store.appendStagedWrite(
      await fx.store.beginStagedWrite(1),
      streamOf(Buffer.from('x')),
    )
    await fx.store.commitStagedWrite(first.write)
    const pool = await holdThreadPool(fs.mkdtempSync(path.join(base, 'pipes-')))
    try {
      const write = (
        await fx.store.appendStagedWrite(
          await fx.store.beginStagedWrite(content.bytes.length),
          streamOf(content.bytes),
        )
      ).write
      expect(await fx.store.commitStagedWrite(write)).toEqual({
        key: write.key,
        size: content.bytes.length,
        ...content.hashes,
      })
      // And a download of it: read whole, in one step too.
      const read = await fx.store.get(write.key, { range: { start: 10, end: 19 } })
      expect(read).toMatchObject({ size: content.bytes.length, contentLength: 10 })
      expect(await readAll(read.body)).toEqual(Buffer.from(content.bytes.subarray(10, 20)))
      // The pool was full all along: a call queued on it is still waiting.
      expect(pool.probeDone()).toBe(false)
    } finally {
      await pool.release()
    }
    expect(pool.probeDone()).toBe(true)
    expect(committedFiles(fx.root)).toHaveLength(2)
  })
})
