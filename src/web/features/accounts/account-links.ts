import {
  BadgePercent,
  ChartNoAxesColumn,
  Contact,
  Inbox,
  KeyRound,
  type LucideIcon,
  MessagesSquare,
  Package,
  Palette,
  Receipt,
  ScrollText,
  Settings,
  ShieldCheck,
  ShoppingBag,
  User,
  Users,
} from 'lucide-react'
import type { SessionUser } from '../../../shared/contract/accounts'
import type { StaffFunction } from '../../../shared/enums'
import { hasStaffFunction } from '../../../shared/staff-functions'
import { canSeeDashboard, DASHBOARD_PATH } from '../dashboard/dashboard-access'
import { canManageInbox, canTriageInbox } from '../inbox-staff/inbox-staff-access'

// The signed-in user's own pages and the staff and admin pages they may open: one list for the
// header's account menu and the phone menu, so the two never drift apart. The server decides for
// real on every request; this only decides what to offer.

export interface AccountLink {
  to: string
  label: string
  icon: LucideIcon
}

type Who = Pick<SessionUser, 'role' | 'staffFunctions'>

const holds = (user: Who, fn: StaffFunction) => hasStaffFunction(user, fn)

export function accountLinks(user: Who): AccountLink[] {
  const links: AccountLink[] = [
    { to: '/profile', label: 'Profile', icon: User },
    { to: '/account/orders', label: 'Your orders', icon: Receipt },
    { to: '/account/requests', label: 'My requests', icon: MessagesSquare },
  ]
  if (canSeeDashboard(user)) links.push({ to: DASHBOARD_PATH, label: 'Dashboard', icon: ChartNoAxesColumn })
  if (holds(user, 'AccessShop')) {
    links.push({ to: '/staff/orders', label: 'Shop orders', icon: ShoppingBag })
    links.push({ to: '/staff/customers', label: 'Customers', icon: Contact })
    links.push({ to: '/staff/discounts', label: 'Discount codes', icon: BadgePercent })
  }
  if (holds(user, 'UploadProducts')) links.push({ to: '/admin/products', label: 'Products', icon: Package })
  if (canTriageInbox(user)) links.push({ to: '/staff/quotes', label: 'Inbox', icon: Inbox })
  if (canManageInbox(user)) {
    links.push({ to: '/admin/inbox-settings', label: 'Inbox settings', icon: Settings })
    links.push({ to: '/admin/privacy', label: 'Privacy requests', icon: ShieldCheck })
  }
  if (user.role === 'admin') {
    links.push({ to: '/admin/users', label: 'Users', icon: Users })
    links.push({ to: '/admin/site', label: 'Site identity', icon: Palette })
    links.push({ to: '/admin/audit', label: 'Audit log', icon: ScrollText })
    links.push({ to: '/admin/security', label: 'Security settings', icon: KeyRound })
  }
  return links
}
