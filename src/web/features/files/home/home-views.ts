import type { HomeView } from '../../../../shared/contract/files'

export interface HomeTab {
  view: HomeView
  label: string
  /** What the view says when it has no folders. */
  empty: string
}

const TABS: HomeTab[] = [
  { view: 'public', label: 'Public', empty: 'No public folders yet.' },
  { view: 'shared', label: 'Shared with me', empty: 'Nobody has shared a folder with you yet.' },
  { view: 'mine', label: 'My folders', empty: 'You have no folders of your own yet. Create one to start.' },
  { view: 'all', label: 'All folders', empty: 'There are no folders yet.' },
]

/** The home views a user is offered: All folders only for super users. */
export const homeTabs = (superUser: boolean) => TABS.filter((t) => t.view !== 'all' || superUser)

/** The view the address asks for, or My folders when it asks for none or one the user may not see. */
export function homeViewFrom(params: URLSearchParams, superUser: boolean): HomeView {
  const v = params.get('view')
  if (v === 'public' || v === 'shared' || v === 'mine') return v
  if (v === 'all' && superUser) return 'all'
  return 'mine'
}
