import { LogIn, LogOut } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { NavLink } from 'react-router'
import { SIGN_IN_PATH } from '../../components/layout/nav-items'
import { Avatar } from '../../components/ui/avatar'
import { Button, buttonClasses } from '../../components/ui/button'
import { Skeleton } from '../../components/ui/skeleton'
import { cn } from '../../lib/cn'
import { accountLinks } from './account-links'
import { useSession } from './sessions/session'
import { useSignOut } from './sessions/sign-out'
import { avatarSrc, initialsOf } from './user-display'

// The menu (Radix, with its positioning engine) loads only for signed-in people: visitors' pages stay light.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }))

/** The header's account corner on wider screens: "Sign in", or the user's menu. */
export function AccountNavItem() {
  const session = useSession()
  if (session.status === 'loading') return <Skeleton className="h-8 w-24 rounded-full" />
  if (session.status === 'authenticated') {
    return (
      <Suspense fallback={<Skeleton className="h-8 w-24 rounded-full" />}>
        <UserMenu user={session.user} />
      </Suspense>
    )
  }
  return (
    <NavLink to={SIGN_IN_PATH} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
      Sign in
    </NavLink>
  )
}

/** The account links at the end of the phone menu; `onNavigate` closes the menu. */
export function MobileAccountLinks({
  linkClasses,
  onNavigate,
}: {
  linkClasses: (state: { isActive: boolean }) => string
  onNavigate: () => void
}) {
  const session = useSession()
  const signOut = useSignOut()
  if (session.status === 'loading') return null
  if (session.status === 'unauthenticated') {
    return (
      <li>
        <NavLink to={SIGN_IN_PATH} className={linkClasses} onClick={onNavigate}>
          <LogIn aria-hidden="true" className="size-5 text-fg-muted" />
          Sign in
        </NavLink>
      </li>
    )
  }
  const { user } = session
  return (
    <>
      <li className="flex items-center gap-3 px-3 py-2">
        <Avatar src={avatarSrc(user.image)} alt="" fallback={initialsOf(user.name, user.email)} size="md" />
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-semibold text-fg">{user.name}</span>
          <span className="truncate text-sm text-fg-muted">{user.email}</span>
        </span>
      </li>
      {accountLinks(user).map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink to={to} className={linkClasses} onClick={onNavigate}>
            <Icon aria-hidden="true" className="size-5 text-fg-muted" />
            {label}
          </NavLink>
        </li>
      ))}
      <li>
        <Button
          variant="ghost"
          loading={signOut.isPending}
          className={cn('h-auto w-full justify-start gap-3 px-3 py-3 text-base', '[&_svg]:size-5')}
          onClick={() => {
            onNavigate()
            signOut.mutate()
          }}
        >
          {!signOut.isPending && <LogOut aria-hidden="true" className="text-fg-muted" />}
          Sign out
        </Button>
      </li>
    </>
  )
}
