import type { Db } from '../../db/db'
import { queryTemplate } from '../../db/query-templates'

// The stamp of what the public pages are drawn from (products, settings, site images), changed by
// triggers whenever any of it changes (migration 0060, decision 0149). Read before a visitor's page
// is looked up or drawn: a page kept under this stamp is still the page its data would draw.

const stampTemplate = queryTemplate((db: Db) =>
  db.selectFrom('page_data_versions').select('stamp').where('id', '=', 1),
)

/** The current stamp; '' while the table has no row (nothing written since an empty restore). */
export async function pageDataVersion(db: Db): Promise<string> {
  return (await stampTemplate.rows(db, '', {}))[0]?.stamp ?? ''
}
