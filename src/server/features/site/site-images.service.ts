import type { Metadata } from 'sharp'
import type { SiteImage } from '../../../shared/contract/site'
import type { Db } from '../../db/db'
import type { AppDeps } from '../../deps'
import type { Caller } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { loadSharp } from '../../lib/sharp'
import { canEditSiteIdentity } from '../../policies/site.policy'
import { recordSettingsChange } from '../audit/audit.service'
import { deleteSiteImage, findSiteImage, replaceSiteImage } from './site-images.repository'

// The logo and the favicon (decision 0069). Whatever image arrives is decoded, auto-rotated and
// re-encoded, as profile pictures and covers are: no metadata, nothing appended, bounded size.
//  - logo: fits in 512×512 (never enlarged), WebP with its transparency kept;
//  - favicon: a 64×64 PNG, the picture centred on a transparent square.

type Deps = Pick<AppDeps, 'database' | 'clock'>

const MAX_INPUT_PIXELS = 40_000_000
const MIN_SIDE: Record<SiteImage, number> = { logo: 32, favicon: 16 }

async function reencode(kind: SiteImage, bytes: Buffer): Promise<{ bytes: Buffer; contentType: string }> {
  const sharp = await loadSharp()
  let meta: Metadata
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata()
  } catch {
    throw problems.validation({
      image: ['This file is not an image we can read. Use a PNG, JPEG, WebP or GIF.'],
    })
  }
  const min = MIN_SIDE[kind]
  if ((meta.width ?? 0) < min || (meta.height ?? 0) < min) {
    throw problems.validation({ image: [`The image is too small: use one at least ${min}×${min} pixels.`] })
  }
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()
    if (kind === 'logo') {
      const out = await image
        .resize({ width: 512, height: 512, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 90 })
        .toBuffer()
      return { bytes: out, contentType: 'image/webp' }
    }
    const out = await image
      .resize(64, 64, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer()
    return { bytes: out, contentType: 'image/png' }
  } catch {
    throw problems.validation({
      image: ['This file is not an image we can read. Use a PNG, JPEG, WebP or GIF.'],
    })
  }
}

export async function setSiteImage(deps: Deps, by: Caller, kind: SiteImage, upload: Buffer): Promise<void> {
  if (!canEditSiteIdentity(by)) throw problems.forbidden()
  const { bytes, contentType } = await reencode(kind, upload)
  const now = deps.clock()
  await deps.database.db.transaction().execute(async (trx) => {
    await replaceSiteImage(trx, { kind, contentType, bytes, updatedAt: now.toISOString() })
    await auditImageChange(trx, by, kind, 'uploaded', now)
  })
}

export async function removeSiteImage(deps: Deps, by: Caller, kind: SiteImage): Promise<void> {
  if (!canEditSiteIdentity(by)) throw problems.forbidden()
  const now = deps.clock()
  await deps.database.db.transaction().execute(async (trx) => {
    if (!(await deleteSiteImage(trx, kind))) return
    await auditImageChange(trx, by, kind, 'removed', now)
  })
}

/** The stored image with its validator; the URL is versioned, so caches may keep it for a day. */
export async function readSiteImage(deps: Pick<AppDeps, 'database'>, kind: SiteImage) {
  const row = await findSiteImage(deps.database.db, kind)
  if (!row) throw problems.notFound(`No ${kind} is uploaded.`)
  return { ...row, etag: `"${kind}-${Date.parse(row.updatedAt).toString(36)}"` }
}

/** The audit line of a logo or favicon change, in the change's transaction. */
function auditImageChange(trx: Db, by: Caller, kind: SiteImage, change: 'uploaded' | 'removed', now: Date) {
  return recordSettingsChange(
    trx,
    by,
    { area: 'site identity', values: { [kind]: change }, settingsKey: 'site.identity' },
    now,
  )
}

/** The logo's bytes and type for documents that print it (invoices), or undefined when none. */
export async function siteLogo(db: Db): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const row = await findSiteImage(db, 'logo')
  return row ? { bytes: Buffer.from(row.bytes), contentType: row.contentType } : undefined
}
