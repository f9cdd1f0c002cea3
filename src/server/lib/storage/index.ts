// File contents on local disk or S3-compatible storage behind one interface (decision 0008).
// Domain-free: it knows blobs, keys and bytes, never files, folders or users.
export { cleanAbandonedWrites, DEFAULT_ABANDONED_AFTER_HOURS } from './abandoned-writes'
export type { AbandonedWrite, BlobListing, BlobRead, BlobStat, BlobStore, GetOptions } from './blob-store'
export type { BlobSource, PutOptions, PutResult } from './blob-writes'
export { type ByteRange, type ByteRangeRequest, resolveByteRange } from './byte-range'
export { createStorage, type StorageConfig } from './create-storage'
export { createDiskBlobStore, diskBlobPath } from './disk-blob-store'
export { FileRangeStream } from './file-range-stream'
export type { S3StoreConfig } from './s3-blob-store'
export type { S3StagedState, StagedAppend, StagedWrite, StagedWrites } from './staged-write'
export * from './storage-errors'
