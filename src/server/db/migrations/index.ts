import type { Migration } from 'kysely'
import * as m0001 from './0001-0025/0001-initial'
import * as m0002 from './0001-0025/0002-accounts'
import * as m0003 from './0001-0025/0003-mail-outbox'
import * as m0004 from './0001-0025/0004-rate-limits'
import * as m0005 from './0001-0025/0005-user-avatars'
import * as m0006 from './0001-0025/0006-notification-reads'
import * as m0007 from './0001-0025/0007-inbox'
import * as m0008 from './0001-0025/0008-shop-products'
import * as m0009 from './0001-0025/0009-files-ownership'
import * as m0010 from './0001-0025/0010-blob-deletions'
import * as m0011 from './0001-0025/0011-upload-sessions'
import * as m0012 from './0001-0025/0012-order-payments'
import * as m0013 from './0001-0025/0013-product-covers'
import * as m0015 from './0001-0025/0015-two-factor'
import * as m0017 from './0001-0025/0017-order-line-files'
import * as m0018 from './0001-0025/0018-job-leases'
import * as m0019 from './0001-0025/0019-access-tokens'
import * as m0020 from './0001-0025/0020-notification-access-starts'
import * as m0021 from './0001-0025/0021-list-indexes'
import * as m0023 from './0001-0025/0023-site-images'
import * as m0025 from './0001-0025/0025-invitations'
import * as m0026 from './0026-0050/0026-shared-upload-staging'
import * as m0027 from './0026-0050/0027-trash-table-indexes'
import * as m0028 from './0026-0050/0028-share-links'
import * as m0029 from './0026-0050/0029-file-versions'
import * as m0030 from './0026-0050/0030-product-slugs'
import * as m0031 from './0026-0050/0031-inbox-conversations'
import * as m0032 from './0026-0050/0032-webdav'
import * as m0033 from './0026-0050/0033-deliverable-versions'
import * as m0034 from './0026-0050/0034-folder-listing-indexes'
import * as m0035 from './0026-0050/0035-name-search-index'
import * as m0036 from './0026-0050/0036-name-order-indexes'
import * as m0037 from './0026-0050/0037-listed-product-counts'
import * as m0038 from './0026-0050/0038-two-factor-requirement'
import * as m0039 from './0026-0050/0039-writer-lease-instances'
import * as m0040 from './0026-0050/0040-client-modified-times'
import * as m0041 from './0026-0050/0041-file-drop-limits'
import * as m0042 from './0026-0050/0042-sha1-and-md5'
import * as m0043 from './0026-0050/0043-pending-shares'
import * as m0044 from './0026-0050/0044-discount-codes'
import * as m0045 from './0026-0050/0045-invoices'
import * as m0046 from './0026-0050/0046-inbound-mail'
import * as m0047 from './0026-0050/0047-dashboard-indexes'
import * as m0048 from './0026-0050/0048-token-expiry-mail'
import * as m0052 from './0051-0075/0052-notification-settings'
import * as m0053 from './0051-0075/0053-dashboard-day-totals'
import * as m0056 from './0051-0075/0056-kept-row-counts'
import * as m0057 from './0051-0075/0057-users-role-index'
import * as m0060 from './0051-0075/0060-page-data-version'
import * as m0061 from './0051-0075/0061-files-path-index'
import * as m0062 from './0051-0075/0062-notification-order'
import * as m0063 from './0051-0075/0063-notification-ways-in'
import * as m0064 from './0051-0075/0064-file-reference-indexes'
import * as m0065 from './0051-0075/0065-notification-order-at-commit'

/**
 * Every migration, in order. A static list (not a folder scan) so the bundled server carries them.
 * Add new files here; never edit or reorder one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-accounts': m0002,
  '0003-mail-outbox': m0003,
  '0004-rate-limits': m0004,
  '0005-user-avatars': m0005,
  '0006-notification-reads': m0006,
  '0007-inbox': m0007,
  '0008-shop-products': m0008,
  '0009-files-ownership': m0009,
  '0010-blob-deletions': m0010,
  '0011-upload-sessions': m0011,
  '0012-order-payments': m0012,
  '0013-product-covers': m0013,
  '0015-two-factor': m0015,
  '0017-order-line-files': m0017,
  '0018-job-leases': m0018,
  '0019-access-tokens': m0019,
  '0020-notification-access-starts': m0020,
  '0023-site-images': m0023,
  '0021-list-indexes': m0021,
  '0025-invitations': m0025,
  '0026-shared-upload-staging': m0026,
  '0027-trash-table-indexes': m0027,
  '0028-share-links': m0028,
  '0029-file-versions': m0029,
  '0030-product-slugs': m0030,
  '0031-inbox-conversations': m0031,
  '0032-webdav': m0032,
  '0033-deliverable-versions': m0033,
  '0034-folder-listing-indexes': m0034,
  '0035-name-search-index': m0035,
  '0036-name-order-indexes': m0036,
  '0037-listed-product-counts': m0037,
  '0038-two-factor-requirement': m0038,
  '0039-writer-lease-instances': m0039,
  '0040-client-modified-times': m0040,
  '0041-file-drop-limits': m0041,
  '0042-sha1-and-md5': m0042,
  '0043-pending-shares': m0043,
  '0044-discount-codes': m0044,
  '0045-invoices': m0045,
  '0046-inbound-mail': m0046,
  '0047-dashboard-indexes': m0047,
  '0048-token-expiry-mail': m0048,
  '0052-notification-settings': m0052,
  '0053-dashboard-day-totals': m0053,
  '0056-kept-row-counts': m0056,
  '0057-users-role-index': m0057,
  '0060-page-data-version': m0060,
  '0061-files-path-index': m0061,
  '0062-notification-order': m0062,
  '0063-notification-ways-in': m0063,
  '0064-file-reference-indexes': m0064,
  '0065-notification-order-at-commit': m0065,
}
