import path from 'node:path'
import type { BlobStore } from './blob-store'
import { createDiskBlobStore } from './disk-blob-store'
import { createS3BlobStore, type S3StoreConfig } from './s3-blob-store'

/** Where blobs go: S3 when configured (S3_BUCKET), otherwise DATA_DIR/blobs. The parsed Env fits as is. */
export interface StorageConfig {
  dataDir: string
  s3: S3StoreConfig | undefined
}

export function createStorage(config: StorageConfig): BlobStore {
  return config.s3 ? createS3BlobStore(config.s3) : createDiskBlobStore(path.join(config.dataDir, 'blobs'))
}
