// How long a paid order's file links work (docs/decisions/0033), said the same way by the order page,
// the receipt e-mail and the server that signs them.

/** Links on the order page: short-lived, a new one on each visit. */
export const PAGE_LINK_TTL_MS = 60 * 60 * 1000
/** Links in the receipt e-mail: long enough to download later from the inbox. */
export const MAIL_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000

export const PAGE_LINK_LIFETIME = 'an hour'
export const MAIL_LINK_LIFETIME = '7 days'
