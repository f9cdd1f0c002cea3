import type { AccountType, Role, StaffFunction } from '../../../shared/enums'

// How the admin screens name the specification's enumerations (product.md §1).

export const ROLE_LABELS: Record<Role, string> = { user: 'User', staff: 'Staff', admin: 'Admin' }

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  individual: 'Individual',
  corporate: 'Corporate',
}

export const STAFF_FUNCTION_LABELS: Record<StaffFunction, string> = {
  ManageFolders: 'Manage folders',
  AccessShop: 'Access shop',
  UploadProducts: 'Upload products',
  ManageFeedback: 'Manage feedback',
}

/** What each function grants (product.md §1), shown beside its checkbox. */
export const STAFF_FUNCTION_HINTS: Record<StaffFunction, string> = {
  ManageFolders: 'Full control of every folder, file, permission and trash entry.',
  AccessShop: 'All orders: list, detail, refund, CSV export; the customer list.',
  UploadProducts: 'Create, edit, publish, unpublish and delete products.',
  ManageFeedback: 'Quote requests, contact messages and the e-book list: view, resolve, delete, export.',
}
