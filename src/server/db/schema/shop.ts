import type { Generated } from 'kysely'
import type { OrderStatus } from '../../../shared/enums'
import type { Timestamp } from './timestamp'

// The shop: products, orders and their lines, payments, order events and refunds. See ../schema.ts for the conventions.

export interface ProductsTable {
  id: string
  name: string
  /** Ours (0030): unique, made from the name when the product is created and kept when it is renamed. */
  slug: string
  type: string
  /** Integer minor units of the store currency. */
  price: number
  description: string
  cover_photo: string | null
  /** The external link the buyer receives; null when the deliverable is the uploaded file below. */
  product_url: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Ours (0008): only published products are listed and sold. */
  isPublished: boolean
  /** Ours (0008): a deleted product that was ordered is only hidden; old orders still show it. */
  deletedAt: Timestamp | null
  /** Ours (0008): the private deliverable file in blob storage, served through expiring signed links. */
  deliveryFileKey: string | null
  deliveryFileName: string | null
  deliveryFileType: string | null
  deliveryFileSize: number | null
  /** Ours (0017): lowercase hex SHA-256 of the file; null for files uploaded before it was kept. */
  deliveryFileSha256: string | null
  /** Ours (0033): the `file_versions` row of the current deliverable file (docs/decisions/0092). */
  deliveryVersionId: string | null
  /** Ours (0013): the cover's blobs at 400 and 1200 px wide (WebP); `cover_photo` is its public URL. */
  coverSmallKey: string | null
  coverLargeKey: string | null
  /** Ours (0013): when first published: the one `created` notification goes out then. */
  publishedAt: Timestamp | null
}

/**
 * Ours (0037), derived: how many products are listed (published, not deleted) per type, kept by
 * triggers on products; the catalogue's total reads it.
 */
export interface ListedProductCountsTable {
  type: string
  listed: number
}

export interface OrdersTable {
  id: string
  trxref: string
  status: OrderStatus
  /** Integer minor units of `currency`. */
  total: number
  currency: string
  user_id: string
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Ours (0044): the discount code used (docs/decisions/0124); null without one. */
  discount_code_id: string | null
  /** Ours (0044): the code as it was typed into the order, kept if the code is edited later. */
  discount_code: string | null
  /** Ours (0044): minor units the code took off; `total` is already net of it. */
  discount_total: Generated<number>
  /** Ours (0044): where the order's use of its code stands (docs/decisions/0125). */
  discount_use: DiscountUse | null
  /** Ours (0047): when the order first became paid (docs/decisions/0131); null until then. */
  paid_at: Generated<Timestamp | null>
}

export type DiscountUse = 'reserved' | 'counted' | 'returned'

/** Ours (0044): a discount code staff made (docs/decisions/0124). */
export interface DiscountCodesTable {
  id: string
  /** Normalised: trimmed, upper case; unique. */
  code: string
  kind: 'percentage' | 'fixed'
  /** A percentage (1–100), or minor units of the store currency. */
  value: number
  min_order: number | null
  starts_at: Timestamp | null
  ends_at: Timestamp | null
  max_uses: number | null
  max_uses_per_customer: number | null
  /** False when only the products in discount_code_products are discounted. */
  all_products: boolean
  active: boolean
  /** Uses taken: orders whose use is reserved or counted (docs/decisions/0125). */
  uses: Generated<number>
  /** Paid orders that used the code. */
  paid_uses: Generated<number>
  created_by: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** Ours (0044): the products a code is limited to. */
export interface DiscountCodeProductsTable {
  discount_code_id: string
  product_id: string
}

export interface ProductOrdersTable {
  product_id: string
  order_id: string
  quantity: number
  /** Price of one unit when ordered, in minor units: a snapshot, never recomputed. */
  amount: number
  /**
   * Ours (0017): the product's deliverable file as it was when the order was paid (docs/decisions/0049):
   * downloads serve this, not the product's current file. Null for links, and until the order is paid.
   * Staff may move past buyers to a newer file ("send the update to past buyers").
   */
  deliveryFileKey: string | null
  deliveryFileName: string | null
  deliveryFileType: string | null
  deliveryFileSize: number | null
  deliveryFileSha256: string | null
  /**
   * Ours (0033): the `file_versions` row this line delivers (docs/decisions/0092); downloads serve its
   * blob under `deliveryFileName`, the name at purchase.
   */
  deliveryVersionId: string | null
  /** Ours (0044): minor units the discount took off this line (all its units). */
  discount: Generated<number>
}

/** Ours (0012): the Paystack side of one order. */
export interface OrderPaymentsTable {
  order_id: string
  /** What the buyer's checkout resumes (Paystack's access code for our trxref). */
  access_code: string | null
  paystack_id: string | null
  /** Paystack's last word on the transaction: success, failed, abandoned… */
  paystack_status: string | null
  /** The money that actually arrived, as Paystack reported it. */
  paid_amount: number | null
  paid_currency: string | null
  paid_at: Timestamp | null
  verify_attempts: number
  last_verified_at: Timestamp | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

export type OrderEventKind = 'status' | 'payment' | 'refund' | 'alert'

/** Ours (0012): an order's history: status changes and payment events, with time and cause. */
export interface OrderEventsTable {
  id: string
  order_id: string
  kind: OrderEventKind
  from_status: OrderStatus | null
  to_status: OrderStatus | null
  /** Why: verify, webhook:charge.success, reconciliation, refund:requested… */
  cause: string
  /** JSON object: what Paystack said (amount, currency, status, ids), never a secret. */
  details: string
  actor_id: string | null
  createdAt: Timestamp
}

export type RefundStatus = 'pending' | 'processed' | 'failed'

/** Ours (0012): refunds asked of Paystack. */
export interface RefundsTable {
  id: string
  order_id: string
  paystack_refund_id: string | null
  amount: number
  currency: string
  status: RefundStatus
  reason: string | null
  requested_by: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Ours (0044): the line this refund returns money for; null for the order as a whole. */
  product_id: string | null
}

/** Ours (0045): one gapless counter per document series and issue year (docs/decisions/0126). */
export interface DocumentNumbersTable {
  series: 'INV' | 'CN'
  year: number
  /** The last number issued in this series and year. */
  last: number
}

/** Ours (0045): the invoice of a paid order, issued in the transaction that marked it paid. */
export interface InvoicesTable {
  id: string
  /** INV-2026-000123 */
  number: string
  order_id: string
  issued_at: Timestamp
  currency: string
  /** Integer minor units: the lines before the order's discount, the discount, what was paid. */
  subtotal: number
  discount: number
  total: number
  /** The VAT included in `total` when the site's prices include VAT; 0 otherwise. */
  vat_amount: number
  /** JSON InvoiceDocument: everything the PDF prints, fixed when issued. */
  document: string
}

/** Ours (0045): the credit note of a processed refund, referencing the order's invoice. */
export interface CreditNotesTable {
  id: string
  /** CN-2026-000007 */
  number: string
  refund_id: string
  invoice_id: string
  issued_at: Timestamp
  currency: string
  amount: number
  vat_amount: number
  /** JSON InvoiceDocument of kind credit_note. */
  document: string
}

// The dashboard's day totals (0053, docs/decisions/0144): kept by triggers from orders, their lines,
// refunds and the inbox's replies; a day is a UTC date ('YYYY-MM-DD' on SQLite, `date` on PostgreSQL). Derived: never written
// by the application, left out of backups and rebuilt by the triggers on a restore.

export interface SalesDaysTable {
  day: string
  paid_orders: number
  revenue: number
  discounts: number
  refunds: number
  checkouts_started: number
  checkouts_paid: number
}

export interface OrderStatusDaysTable {
  day: string
  status: OrderStatus
  orders: number
}

export interface ProductSalesDaysTable {
  day: string
  product_id: string
  revenue: number
  quantity: number
}

/** The same per UTC month: `month` is its first day. */
export interface ProductSalesMonthsTable {
  month: string
  product_id: string
  revenue: number
  quantity: number
}

/** Each quote's or contact's arrival and the whole seconds to its first staff reply, once it has one. */
export interface FirstRepliesTable {
  entry_id: string
  arrived_at: Timestamp
  seconds: number
}

/** Each buyer's first paid order. */
export interface CustomerFirstsTable {
  user_id: string
  paid_at: Timestamp
}
