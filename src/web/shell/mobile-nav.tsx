import { Menu, X } from 'lucide-react'
import { useId, useLayoutEffect, useRef, useState } from 'react'
import { NavLink } from 'react-router'
import { AREAS } from '../components/layout/nav-items'
import { Button } from '../components/ui/button'
import { MobileAccountLinks } from '../features/accounts/account-nav'
import { cn } from '../lib/cn'

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-3 text-base font-medium',
    isActive ? 'bg-accent-soft text-accent-soft-fg' : 'text-fg hover:bg-surface-muted',
  )

/**
 * The navigation on phones: a menu button that shows and hides the links (the disclosure pattern,
 * which suits a short list of links better than an ARIA menu). Escape, a click outside, or following a
 * link closes it; Escape returns focus to the button.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLElement>(null)

  // A layout effect, so the listeners are in place as soon as the open menu is on screen: a plain
  // effect may run only after the next paint, and a key pressed before then would be lost.
  useLayoutEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open])

  const close = () => setOpen(false)

  return (
    <div className="md:hidden">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Menu"
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
      </Button>
      <nav
        ref={panelRef}
        id={panelId}
        aria-label="Main"
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-border bg-surface px-4 pt-2 pb-4 shadow-lg"
      >
        <ul className="flex flex-col gap-1">
          {AREAS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} className={linkClasses} onClick={close}>
                <Icon aria-hidden="true" className="size-5 text-fg-muted" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
        <ul className="mt-2 flex flex-col gap-1 border-t border-border pt-3">
          <MobileAccountLinks linkClasses={linkClasses} onNavigate={close} />
        </ul>
      </nav>
    </div>
  )
}
