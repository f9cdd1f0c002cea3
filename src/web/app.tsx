import { QueryClientProvider } from '@tanstack/react-query'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { LazyToaster } from './components/ui/lazy-toaster'
import { signOutIfSuspended } from './features/accounts/account-suspended'
import { createQueryClient } from './lib/query-client'
import { routes } from './route-table'

const queryClient = createQueryClient((error) => signOutIfSuspended(error, queryClient, router.navigate))
const router = createBrowserRouter(routes)

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <LazyToaster />
    </QueryClientProvider>
  )
}
