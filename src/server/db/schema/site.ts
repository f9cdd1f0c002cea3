import type { Timestamp } from './timestamp'

// The site identity's images (0023); its words and colour are a setting (schema/system.ts). See ../schema.ts.

export interface SiteImagesTable {
  /** 'logo' or 'favicon'. */
  kind: string
  contentType: string
  bytes: Buffer
  updatedAt: Timestamp
}
