import { Outlet } from 'react-router'
import { StaffMenu, StaffSidebar, useStaffLinks } from './staff-nav'

/**
 * The layout of the staff and admin pages, inside the site's shell: the staff navigation beside (or,
 * on phones, above) the page. `min-w-0` lets a wide table scroll inside its own box instead of
 * widening the page.
 */
export function StaffLayout() {
  const links = useStaffLinks()
  if (!links) return <Outlet />
  return (
    <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
      <StaffSidebar links={links} />
      <StaffMenu links={links} />
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  )
}
