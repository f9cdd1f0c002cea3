import { ChevronDown, LogOut } from 'lucide-react'
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
import { accountLinks } from './account-links'
import { useSignOut } from './sessions/sign-out'
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
        {accountLinks(user).map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
