import path from 'node:path'
import type { BlobStore } from './blob-store'
import { createDiskBlobStore } from './disk-blob-store'
import type { S3StoreConfig } from './s3-blob-store'

/** Where blobs go: S3 when configured (S3_BUCKET), otherwise DATA_DIR/blobs. The parsed Env fits as is. */
export interface StorageConfig {
  dataDir: string
  s3: S3StoreConfig | undefined
}

export function createStorage(config: StorageConfig): BlobStore {
  return config.s3 ? lazyS3BlobStore(config.s3) : createDiskBlobStore(path.join(config.dataDir, 'blobs'))
}

/**
 * The S3 store, with the AWS SDK loaded on first use rather than at start-up (it is a large part of
 * a cold start, and a disk install never needs it).
 */
function lazyS3BlobStore(config: S3StoreConfig): BlobStore {
  let loading: Promise<BlobStore> | undefined
  const store = () => {
    loading ??= import('./s3-blob-store').then((m) => m.createS3BlobStore(config))
    return loading
  }
  return {
    driver: 's3',
    put: async (source, options) => (await store()).put(source, options),
    get: async (key, options) => (await store()).get(key, options),
    stat: async (key) => (await store()).stat(key),
    exists: async (key) => (await store()).exists(key),
    delete: async (key) => (await store()).delete(key),
    list: async function* () {
      yield* (await store()).list()
    },
    listAbandonedWrites: async (olderThan) => (await store()).listAbandonedWrites(olderThan),
    removeAbandonedWrite: async (write) => (await store()).removeAbandonedWrite(write),
    beginStagedWrite: async (length) => (await store()).beginStagedWrite(length),
    appendStagedWrite: async (write, source) => (await store()).appendStagedWrite(write, source),
    commitStagedWrite: async (write) => (await store()).commitStagedWrite(write),
    abortStagedWrite: async (write) => (await store()).abortStagedWrite(write),
    close: async () => {
      if (loading) await (await loading).close()
    },
  }
}
