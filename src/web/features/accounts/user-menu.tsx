import {
  ChevronDown,
  Inbox,
  LogOut,
  Package,
  Receipt,
  ScrollText,
  Settings,
  ShieldCheck,
  ShoppingBag,
  User,
  Users,
} from 'lucide-react'
import { Link } from 'react-router'
import type { SessionUser } from '../../../shared/contract/accounts'
import { Avatar } from '../../components/ui/avatar'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { canManageInbox, canTriageInbox } from '../inbox-staff/inbox-staff-access'
import { useSignOut } from './sign-out'
import { avatarSrc, initialsOf } from './user-display'

/** The signed-in user's menu in the header: who they are, their profile, admin pages, sign out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOut()
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-fg hover:bg-surface-muted data-[state=open]:bg-surface-muted">
        <Avatar src={avatarSrc(user.image)} alt="" fallback={initialsOf(user.name, user.email)} size="sm" />
        {/* Named by its text, so what is seen is what is said: "Account menu: Ada". */}
        <span className="sr-only">Account menu: </span>
        <span className="max-w-36 truncate">{user.first_name || user.name}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-fg-muted" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5 font-normal">
          <span className="truncate text-sm font-semibold text-fg">{user.name}</span>
          <span className="truncate text-xs text-fg-muted">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <User aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account/orders">
            <Receipt aria-hidden="true" />
            Your orders
          </Link>
        </DropdownMenuItem>
        {(user.role === 'admin' || (user.role === 'staff' && user.staffFunctions.includes('AccessShop'))) && (
          <DropdownMenuItem asChild>
            <Link to="/staff/orders">
              <ShoppingBag aria-hidden="true" />
              Shop orders
            </Link>
          </DropdownMenuItem>
        )}
        {user.role === 'admin' && (
          <DropdownMenuItem asChild>
            <Link to="/admin/users">
              <Users aria-hidden="true" />
              Users
            </Link>
          </DropdownMenuItem>
        )}
        {user.role === 'admin' && (
          <DropdownMenuItem asChild>
            <Link to="/admin/audit">
              <ScrollText aria-hidden="true" />
              Audit log
            </Link>
          </DropdownMenuItem>
        )}
        {canTriageInbox(user) && (
          <DropdownMenuItem asChild>
            <Link to="/staff/quotes">
              <Inbox aria-hidden="true" />
              Inbox
            </Link>
          </DropdownMenuItem>
        )}
        {canManageInbox(user) && (
          <>
            <DropdownMenuItem asChild>
              <Link to="/admin/inbox-settings">
                <Settings aria-hidden="true" />
                Inbox settings
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/privacy">
                <ShieldCheck aria-hidden="true" />
                Privacy requests
              </Link>
            </DropdownMenuItem>
          </>
        )}
        {(user.role === 'admin' ||
          (user.role === 'staff' && user.staffFunctions.includes('UploadProducts'))) && (
          <DropdownMenuItem asChild>
            <Link to="/admin/products">
              <Package aria-hidden="true" />
              Products
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
