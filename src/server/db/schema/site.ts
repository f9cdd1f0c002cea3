import type { Timestamp } from './timestamp'

// The site identity's images (0023); its words and colour are a setting (schema/system.ts). See ../schema.ts.

export interface SiteImagesTable {
  /** 'logo' or 'favicon'. */
  kind: string
  contentType: string
  bytes: Buffer
  updatedAt: Timestamp
}

/**
 * One row (id 1): a stamp that changes whenever what the public pages are drawn from changes
 * (products, settings, site images), so a server can keep a visitor's page until it does (0060).
 */
export interface PageDataVersionsTable {
  id: number
  stamp: string
}
