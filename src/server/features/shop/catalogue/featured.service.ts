import { z } from 'zod'
import type { FeaturedProducts, ManagedFeatured } from '../../../../shared/contract/shop/featured'
import type { AppDeps } from '../../../deps'
import { type Caller, recordedAs } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { defineSetting, readSetting, writeSetting } from '../../../lib/settings/settings'
import { canManageProducts } from '../../../policies/shop/shop.policy'
import { recordSettingsChange } from '../../audit/audit.service'
import { presentCatalogueItem } from './products.presenter'
import { productsForSale, productsNamed } from './products.repository'

// The home page's featured products (decision 0141): a list of ids in the order chosen, kept as a
// setting. A product deleted or unpublished later stays out of the visitors' list without anyone
// editing it; a deleted one also drops from the managers' list.

export const FEATURED_SETTING = defineSetting<string[]>({
  key: 'shop.featured',
  schema: z.array(z.string()),
  fallback: [],
})

type Deps = Pick<AppDeps, 'database' | 'env'>

function inOrder<T extends { id: string }>(ids: readonly string[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

export async function listFeatured(deps: Deps): Promise<FeaturedProducts> {
  const db = deps.database.db
  const ids = await readSetting(db, FEATURED_SETTING)
  const rows = inOrder(ids, await productsForSale(db, ids))
  return { items: rows.map((row) => presentCatalogueItem(row, deps.env.shopCurrency)) }
}

export async function getManagedFeatured(deps: Deps, by: Caller): Promise<ManagedFeatured> {
  if (!canManageProducts(by)) throw problems.forbidden()
  const db = deps.database.db
  const ids = await readSetting(db, FEATURED_SETTING)
  return { items: inOrder(ids, await productsNamed(db, ids)) }
}

export async function setFeatured(
  deps: Deps & Pick<AppDeps, 'clock'>,
  by: Caller,
  productIds: readonly string[],
): Promise<ManagedFeatured> {
  if (!canManageProducts(by)) throw problems.forbidden()
  const now = deps.clock()
  await deps.database.db.transaction().execute(async (trx) => {
    const known = new Set((await productsNamed(trx, productIds)).map((row) => row.id))
    const unknown = productIds.findIndex((id) => !known.has(id))
    if (unknown >= 0) {
      throw problems.validation({
        [`productIds.${unknown}`]: ['This product is not in the shop any more: take it out of the list'],
      })
    }
    await writeSetting(trx, FEATURED_SETTING, [...productIds], { now, by: recordedAs(by).id })
    await recordSettingsChange(
      trx,
      by,
      { area: 'featured products', values: { productIds }, settingsKey: FEATURED_SETTING.key },
      now,
    )
  })
  return getManagedFeatured(deps, by)
}
