import { formatBytes } from '../../../../shared/bytes'
import type { Db } from '../../../db/db'
import type { AppDeps } from '../../../deps'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { hitRateLimit } from '../../../lib/rate-limit/rate-limit'
import { quotaOf } from '../transfer/storage-quota'
import { storageUsage } from '../transfer/storage-usage.repository'
import type { OpenedLink } from './opened-link'
import { findShareLink } from './share-links.repository'
import { FILES_USED_UP, linkStopped } from './share-links.service'

// What a file drop may take (docs/decisions/0117): drops are throttled per link and per client
// address, and each drop's bytes are capped, before and while they stream, at the smallest of
// MAX_UPLOAD_BYTES, what the creator's storage quota leaves and what the link's own byte limit leaves.

/** Drops per link, and per client address across links. */
export const DROPS_PER_LINK = { limit: 100, windowMs: 60 * 60 * 1000 }
export const DROPS_PER_ADDRESS = { limit: 30, windowMs: 15 * 60 * 1000 }

/** Counts one drop against the link's and the address's windows; 429 past either. */
export async function throttleDrop(deps: AppDeps, linkId: string, ipAddress: string): Promise<void> {
  const now = deps.clock()
  for (const rule of [
    { key: `share-link:drop:${linkId}`, ...DROPS_PER_LINK },
    { key: `share-link:drop-ip:${ipAddress}`, ...DROPS_PER_ADDRESS },
  ]) {
    const result = await hitRateLimit(deps.database.db, { ...rule, now })
    if (!result.allowed)
      throw problems.rateLimited(
        result.retryAfterSeconds,
        'Too many files sent for now. Please wait and try again.',
      )
  }
}

export interface DropRoom {
  /** The most bytes this drop may have. */
  bytes: number
  /** The refusal for a drop larger than that, naming the bound that decided. */
  refusal: () => HttpProblem
}

/** The most bytes the next drop into this link may have, and what to answer past it. */
export async function dropRoom(deps: AppDeps, opened: OpenedLink): Promise<DropRoom> {
  const { maxBytes } = deps.env.uploads
  const bounds: DropRoom[] = [
    {
      bytes: maxBytes,
      refusal: () => new HttpProblem(413, 'upload_too_large', `Files can be at most ${maxBytes} bytes.`),
    },
  ]
  const quota = quotaOf(deps, opened.creator)
  if (quota !== null) {
    const usage = await storageUsage(deps.database.db, opened.creator.id, deps.clock())
    const free = Math.max(0, quota - usage.stored - usage.reserved)
    bounds.push({
      bytes: free,
      refusal: () =>
        new HttpProblem(
          413,
          'quota_exceeded',
          `This folder’s owner has ${formatBytes(free)} of storage left: the file does not fit.`,
        ),
    })
  }
  const { drop_byte_limit: limit, dropped_bytes: dropped } = opened.link
  if (limit !== null) {
    const left = Math.max(0, Number(limit) - Number(dropped))
    bounds.push({
      bytes: left,
      refusal: () =>
        new HttpProblem(
          413,
          'drop_limit_reached',
          `This file drop takes ${formatBytes(Number(limit))} in all; ${formatBytes(left)} are left.`,
        ),
    })
  }
  return bounds.reduce((smallest, b) => (b.bytes < smallest.bytes ? b : smallest))
}

/** Why a drop the link's guarded count refused does not fit, as the link stands now. */
export async function dropRefused(db: Db, linkId: string): Promise<HttpProblem> {
  const link = await findShareLink(db, linkId)
  if (link && link.download_limit !== null && Number(link.use_count) >= Number(link.download_limit))
    return linkStopped(FILES_USED_UP, 'link_used_up')
  const left = link?.drop_byte_limit ? Number(link.drop_byte_limit) - Number(link.dropped_bytes) : 0
  return new HttpProblem(
    413,
    'drop_limit_reached',
    `This file drop has ${formatBytes(Math.max(0, left))} left: the file does not fit.`,
  )
}
