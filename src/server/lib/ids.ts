import { randomFillSync } from 'node:crypto'

let lastMs = 0
let sequence = 0

// Random bytes are drawn from a pool refilled 4 KiB at a time: one call into the CSPRNG per 256 ids
// instead of one or two per id, which cost about 4 µs an id (0.4 s of event loop for the 100k trash
// entries of a large folder).
const POOL_BYTES = 4096
const pool = Buffer.allocUnsafe(POOL_BYTES)
let poolAt = POOL_BYTES
const id = Buffer.allocUnsafe(16)

/** The offset in `pool` of `count` fresh random bytes. */
function randomAt(count: number): number {
  if (poolAt + count > POOL_BYTES) {
    randomFillSync(pool)
    poolAt = 0
  }
  const at = poolAt
  poolAt += count
  return at
}

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then random bits, so ids sort by creation time
 * and index well. Within one millisecond a 12-bit counter keeps ids from this process increasing.
 */
export function newId(now: number = Date.now()): string {
  if (now <= lastMs) {
    sequence = (sequence + 1) & 0xfff
    if (sequence === 0) lastMs += 1
    now = lastMs
  } else {
    lastMs = now
    sequence = pool.readUInt16BE(randomAt(2)) & 0x7ff // leave room to count up
  }
  const at = randomAt(16)
  pool.copy(id, 0, at, at + 16)
  id.writeUIntBE(now, 0, 6)
  id[6] = 0x70 | ((sequence >> 8) & 0x0f)
  id[7] = sequence & 0xff
  id[8] = 0x80 | (id[8]! & 0x3f)
  const hex = id.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The first 13 characters of a UUIDv7 made at `ms` (its 48 bits of milliseconds, `xxxxxxxx-xxxx`):
 * for ids a database makes by the row in one statement, the rest of each drawn there.
 */
export function idTimePrefix(ms: number): string {
  const hex = ms.toString(16).padStart(12, '0')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}`
}
