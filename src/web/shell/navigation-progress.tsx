import { useNavigation } from 'react-router'

/**
 * A thin bar at the top of the window while the next page's code loads, so a click on a slow
 * connection visibly did something. It appears only after a short delay to avoid flicker.
 */
export function NavigationProgress() {
  const navigation = useNavigation()
  if (navigation.state === 'idle') return null
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden opacity-0 animate-appear-late"
    >
      <div className="h-full w-1/3 bg-accent motion-safe:animate-progress-slide" />
    </div>
  )
}
