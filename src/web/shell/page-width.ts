/** Staff and admin pages are tables and side-by-side panes: they take the screen's width. */
export const isWidePage = (pathname: string) => /^\/(staff|admin)(\/|$)/.test(pathname)

/** The frame's width: the reading width for everyone's pages, most of a wide screen for staff tables. */
export const pageWidth = (wide: boolean) => (wide ? 'max-w-[96rem]' : 'max-w-6xl')
