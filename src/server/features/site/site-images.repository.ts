import type { SiteImage } from '../../../shared/contract/site'
import type { Db } from '../../db/db'

/** When each uploaded image last changed (for versioned URLs), without reading the bytes. */
export async function siteImageVersions(db: Db): Promise<Partial<Record<SiteImage, string>>> {
  const rows = await db.selectFrom('site_images').select(['kind', 'updatedAt']).execute()
  return Object.fromEntries(rows.map((r) => [r.kind, r.updatedAt]))
}

export function findSiteImage(db: Db, kind: SiteImage) {
  return db
    .selectFrom('site_images')
    .select(['bytes', 'contentType', 'updatedAt'])
    .where('kind', '=', kind)
    .executeTakeFirst()
}

export async function replaceSiteImage(
  db: Db,
  row: { kind: SiteImage; contentType: string; bytes: Buffer; updatedAt: string },
): Promise<void> {
  await db.deleteFrom('site_images').where('kind', '=', row.kind).execute()
  await db.insertInto('site_images').values(row).execute()
}

export async function deleteSiteImage(db: Db, kind: SiteImage): Promise<boolean> {
  const result = await db.deleteFrom('site_images').where('kind', '=', kind).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
