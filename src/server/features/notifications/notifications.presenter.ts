import type { Notification } from '../../../shared/contract/notifications'
import { hasStaffFunction } from '../../../shared/staff-functions'
import type { NotificationRow, Recipient } from './notifications.repository'

// What leaves the server about one notification, for one reader: the specification's fields (except
// `for_users`, which names other people), the reader's read state, the sentence in parts and where
// opening it leads. The web app's route table (src/web/route-table.tsx) owns these paths; they are
// listed here once, and notification-links.test.ts checks each against the route table's patterns.

export const NOTIFICATION_LINKS = {
  folder: (folderId: string) => `/files/${folderId}`,
  file: (folderId: string, fileId: string) => `/files/${folderId}?file=${encodeURIComponent(fileId)}`,
  product: (productId: string) => `/shop/${productId}`,
  ownOrder: (orderId: string) => `/account/orders/${orderId}`,
  staffOrder: (orderId: string) => `/staff/orders/${orderId}`,
  quotes: () => '/staff/quotes',
  feedback: () => '/staff/contacts',
  assignedQuotes: () => '/staff/quotes?assigned=me',
  assignedContacts: () => '/staff/contacts?assigned=me',
  ownAccount: () => '/profile',
  adminUser: (userId: string) => `/admin/users/${userId}`,
}

function parseUsers(raw: string): string[] {
  try {
    const list: unknown = JSON.parse(raw)
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

function linkFor(row: NotificationRow, recipient: Recipient, named: readonly string[]): string | null {
  switch (row.type) {
    case 'folder':
      return row.folder_id ? NOTIFICATION_LINKS.folder(row.folder_id) : null
    case 'file':
      if (!row.folder_id) return null
      // One file: open it; a grouped burst: the folder.
      return row.file_id && row.itemCount === 1
        ? NOTIFICATION_LINKS.file(row.folder_id, row.file_id)
        : NOTIFICATION_LINKS.folder(row.folder_id)
    case 'product':
      return row.product_id ? NOTIFICATION_LINKS.product(row.product_id) : null
    case 'order':
      if (!row.order_id) return null
      return hasStaffFunction(recipient, 'AccessShop')
        ? NOTIFICATION_LINKS.staffOrder(row.order_id)
        : NOTIFICATION_LINKS.ownOrder(row.order_id)
    case 'quote':
      return isAssignment(row, named, recipient)
        ? NOTIFICATION_LINKS.assignedQuotes()
        : NOTIFICATION_LINKS.quotes()
    case 'feedback':
      return isAssignment(row, named, recipient)
        ? NOTIFICATION_LINKS.assignedContacts()
        : NOTIFICATION_LINKS.feedback()
    case 'staffFunction': {
      if (named.includes(recipient.id)) return NOTIFICATION_LINKS.ownAccount()
      const affected = named[0]
      return affected && recipient.role === 'admin' ? NOTIFICATION_LINKS.adminUser(affected) : null
    }
  }
}

/** A quote or message given to the reader ("Ivy assigned you the quote request from Ada Lovelace"). */
function isAssignment(row: NotificationRow, named: readonly string[], recipient: Recipient): boolean {
  return (
    (row.type === 'quote' || row.type === 'feedback') &&
    row.action === 'updated' &&
    !row.forAll &&
    named.includes(recipient.id)
  )
}

/**
 * Whether the entry concerns the reader themself: their staff functions changed, their order changed
 * (the buyer is named on it), or a folder was shared with them (a folder update addressed to named
 * people is a grant; subItem is the level).
 */
function isAboutViewer(row: NotificationRow, named: readonly string[], recipient: Recipient): boolean {
  if (!named.includes(recipient.id)) return false
  if (row.type === 'staffFunction' || row.type === 'order') return true
  if (isAssignment(row, named, recipient)) return true
  return row.type === 'folder' && row.action === 'updated' && !row.forAll
}

export function presentNotification(row: NotificationRow, recipient: Recipient): Notification {
  const named = parseUsers(row.for_users)
  return {
    id: row.id,
    type: row.type,
    action: row.action,
    user_id: row.user_id,
    user_name: row.user_name,
    mainItem: row.mainItem,
    subItem: row.subItem,
    forAll: row.forAll,
    folder_id: row.folder_id,
    file_id: row.file_id,
    product_id: row.product_id,
    order_id: row.order_id,
    itemCount: row.itemCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    read: Number(row.isRead) === 1,
    sentence: {
      actor: row.user_name,
      type: row.type,
      action: row.action,
      item: row.mainItem,
      count: Math.max(1, row.itemCount),
      contents: Math.max(0, row.contentCount),
      where: row.subItem,
      amount: row.amount === null ? null : Number(row.amount),
      currency: row.currency,
      aboutViewer: isAboutViewer(row, named, recipient),
    },
    link: linkFor(row, recipient, named),
  }
}
