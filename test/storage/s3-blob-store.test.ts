import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEnv } from '../../src/server/env'
import { type BlobStore, createStorage } from '../../src/server/lib/storage'
import { describeBlobStoreContract } from './blob-store.contract'
import { startTestS3Server, TEST_BUCKET, type TestS3Server } from './s3-test-server'
import { randomContent, readAll, streamOf } from './storage-test-helpers'

// The S3 driver against a real S3 server on loopback (s3rver), configured the way an operator does it:
// through the S3_* variables.

let server: TestS3Server
let inspector: S3Client
const stores: BlobStore[] = []

beforeAll(async () => {
  server = await startTestS3Server()
  inspector = new S3Client({
    endpoint: server.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
})

afterAll(async () => {
  for (const store of stores) await store.close()
  inspector?.destroy()
  await server?.stop()
})

async function listKeys(prefix: string): Promise<string[]> {
  const keys: string[] = []
  let ContinuationToken: string | undefined
  do {
    const page = await inspector.send(
      new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix, ContinuationToken }),
    )
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key)
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (ContinuationToken)
  return keys
}

/** Each test starts from an empty bucket, like the disk driver's fresh folder. */
async function emptyBucket(): Promise<void> {
  for (const Key of await listKeys(''))
    await inspector.send(new DeleteObjectCommand({ Bucket: TEST_BUCKET, Key }))
}

function s3Store(): BlobStore {
  const store = createStorage(loadEnv({ DATA_DIR: '/nonexistent-depot-data', ...server.env }))
  stores.push(store)
  return store
}

describe('S3 driver against s3rver', () => {
  it('is chosen when S3_BUCKET is set, and keeps blobs under blobs/<key> with no other object left', async () => {
    await emptyBucket()
    const store = s3Store()
    expect(store.driver).toBe('s3')
    const { key } = await store.put(streamOf(Buffer.from('in the bucket')))
    expect(await listKeys('')).toEqual([`blobs/${key}`])
    expect((await readAll((await store.get(key)).body)).toString()).toBe('in the bucket')
  })

  it('reports the right SHA-256 whichever instances took the appends and made the commit', async () => {
    await emptyBucket()
    // Two instances on one bucket: a running hash exists only where every earlier append ran.
    const instances = [s3Store(), s3Store()]
    const content = randomContent(13 * (1 << 20) + 11)
    const cuts = [0, 3 * (1 << 20) + 1, 9 * (1 << 20), content.bytes.length]
    for (const [takers, committer] of [
      [[0, 0, 0], 0],
      [[0, 0, 0], 1],
      [[0, 1, 0], 0],
      [[1, 0, 0], 0],
    ] as const) {
      let write = await instances[takers[0]]!.beginStagedWrite(content.bytes.length)
      for (let i = 0; i < 3; i++) {
        const store = instances[takers[i]!]!
        const appended = await store.appendStagedWrite(
          JSON.parse(JSON.stringify(write)),
          streamOf(content.bytes.subarray(cuts[i], cuts[i + 1])),
        )
        expect(appended.failure).toBeUndefined()
        write = appended.write
      }
      expect(await instances[committer]!.commitStagedWrite(write)).toEqual({
        key: write.key,
        size: content.bytes.length,
        ...content.hashes,
      })
    }
  }, 60_000)

  it('deletes the tail object an append left at commit, also for a state saved before tails were recorded', async () => {
    await emptyBucket()
    const store = s3Store()
    const content = randomContent(5000)
    // One append with every byte: one PutObject, no tail.
    const whole = await store.beginStagedWrite(content.bytes.length)
    const once = await store.appendStagedWrite(whole, streamOf(content.bytes))
    expect(once.write.state).toMatchObject({ uploadId: null, tail: false })
    expect(await store.commitStagedWrite(once.write)).toEqual({
      key: whole.key,
      size: 5000,
      ...content.hashes,
    })

    for (const recorded of [true, false]) {
      const begun = await store.beginStagedWrite(content.bytes.length)
      const first = await store.appendStagedWrite(begun, streamOf(content.bytes.subarray(0, 1200)))
      expect(first.write.state).toMatchObject({ tail: true })
      expect(await listKeys('staging/')).toEqual([`staging/${begun.key}.tail`])
      const saved = JSON.parse(JSON.stringify(first.write))
      if (!recorded) delete saved.state.tail
      const last = await store.appendStagedWrite(saved, streamOf(content.bytes.subarray(1200)))
      expect(await store.commitStagedWrite(last.write)).toEqual({
        key: begun.key,
        size: 5000,
        ...content.hashes,
      })
      expect(await listKeys('staging/')).toEqual([])
    }
    expect((await listKeys('blobs/')).length).toBe(3)
  })
})

describeBlobStoreContract('S3 (s3rver)', async () => {
  await emptyBucket()
  const store = s3Store()
  return {
    store,
    visibleKeys: async () => (await listKeys('blobs/')).map((key) => key.slice('blobs/'.length)),
  }
})
