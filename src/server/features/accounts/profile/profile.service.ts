import type { z } from 'zod'
import type { profileUpdateSchema } from '../../../../shared/contract/accounts'
import type { AppDeps } from '../../../deps'
import { problems } from '../../../lib/http/problem'
import { loadSharp } from '../../../lib/sharp'
import { deleteAvatar, findUserById, replaceAvatar, updateUser } from '../users.repository'

type Deps = Pick<AppDeps, 'database' | 'clock'>

/**
 * Names, account type and business fields; `name` follows first and last name (product.md §1). A
 * corporate account (staying or becoming one) needs a business name and an industry.
 */
export async function updateProfile(deps: Deps, userId: string, input: z.infer<typeof profileUpdateSchema>) {
  const user = await findUserById(deps.database.db, userId)
  if (!user) throw problems.unauthenticated()
  const first_name = input.first_name ?? user.first_name
  const last_name = input.last_name ?? user.last_name
  const business_name = input.business_name === undefined ? user.business_name : input.business_name || null
  const industry = input.industry === undefined ? user.industry : input.industry || null
  const account_type = input.account_type ?? user.account_type
  const billing_address =
    input.billing_address === undefined ? (user.billing_address ?? null) : cleanLines(input.billing_address)
  const tax_number = input.tax_number === undefined ? (user.tax_number ?? null) : input.tax_number || null
  if (account_type === 'corporate') {
    const errors: Record<string, string[]> = {}
    if (!business_name) errors.business_name = ['A corporate account needs a business name']
    if (!industry) errors.industry = ['A corporate account needs an industry']
    if (Object.keys(errors).length > 0) throw problems.validation(errors)
  }
  await updateUser(deps.database.db, userId, {
    first_name,
    last_name,
    name: `${first_name} ${last_name}`.trim(),
    account_type,
    business_name,
    industry,
    billing_address,
    tax_number,
    updatedAt: deps.clock().toISOString(),
  })
}

/** An address as lines: each trimmed, empty ones dropped; null when nothing is left. */
function cleanLines(value: string | null): string | null {
  const lines = (value ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
  return lines.length > 0 ? lines.join('\n') : null
}

export const AVATAR_SIZE = 256

/**
 * Stores a new profile picture: whatever image arrives is decoded, auto-rotated, cropped to a square,
 * resized to 256×256 and re-encoded as WebP. Re-encoding drops EXIF (camera, location) and anything
 * that is not an image, so what we serve back is always a plain picture of bounded size.
 */
export async function setAvatar(deps: Deps, userId: string, bytes: Buffer): Promise<string> {
  const sharp = await loadSharp()
  let webp: Buffer
  try {
    webp = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw problems.validation({
      image: ['This file is not an image we can read. Use a JPEG, PNG, WebP or GIF.'],
    })
  }
  const now = deps.clock()
  const image = `/api/users/${userId}/avatar?v=${now.getTime()}`
  await deps.database.db.transaction().execute(async (trx) => {
    await replaceAvatar(trx, userId, webp, now.toISOString())
    await updateUser(trx, userId, { image, updatedAt: now.toISOString() })
  })
  return image
}

export async function removeAvatar(deps: Deps, userId: string): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    await deleteAvatar(trx, userId)
    await updateUser(trx, userId, { image: null, updatedAt: deps.clock().toISOString() })
  })
}
