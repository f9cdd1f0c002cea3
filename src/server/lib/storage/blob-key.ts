import { newId, UUID_PATTERN } from '../ids'
import { InvalidBlobKeyError } from './storage-errors'

// Blobs live under server-generated UUIDv7 keys, never under anything a user typed (product.md §2), so
// a key is safe in a path or an object name. Every key that comes back in is checked all the same.

export function newBlobKey(): string {
  return newId()
}

export function isBlobKey(key: string): boolean {
  return UUID_PATTERN.test(key)
}

export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new InvalidBlobKeyError(key)
}
