import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type AccessChangeInput,
  type AdminUser,
  adminUserDetailSchema,
  adminUserListSchema,
  sessionsEndedSchema,
} from '../../../shared/contract/admin-users'
import { useListQuery } from '../../components/data-table'
import { api } from '../../lib/api'
import { userTokensKey } from '../accounts/access-tokens/access-tokens-api'
import { USERS_ENDPOINT } from './users-table-state'

// The admin's users over HTTP: the table's pages, one user, and the changes an admin makes.

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  lists: () => [...adminUserKeys.all, 'list'] as const,
  detail: (id: string) => [...adminUserKeys.all, 'detail', id] as const,
}

export function useAdminUserList(query: Record<string, string | number>) {
  return useListQuery<AdminUser>({
    queryKey: adminUserKeys.lists(),
    endpoint: USERS_ENDPOINT,
    schema: adminUserListSchema,
    query,
  })
}

const userPath = (id: string) => `${USERS_ENDPOINT}/${encodeURIComponent(id)}`

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminUserKeys.detail(id),
    queryFn: ({ signal }) => api.get(userPath(id), { signal, schema: adminUserDetailSchema }),
  })
}

/** PATCH role, staff functions or restriction; the answer is the user as they are now. */
export function useUpdateUserAccess(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: AccessChangeInput) =>
      api.patch(userPath(id), change, { schema: adminUserDetailSchema }),
    onSuccess: async (user) => {
      queryClient.setQueryData(adminUserKeys.detail(id), user)
      // Other users' abilities can change too (the last-admin rule): every page and user reloads.
      await queryClient.invalidateQueries({ queryKey: adminUserKeys.all })
    },
  })
}

/** Signs the user out everywhere. */
export function useEndUserSessions(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (options: { tokens: boolean }) =>
      api.delete(`${userPath(id)}/sessions${options.tokens ? '?tokens=true' : ''}`, undefined, {
        schema: sessionsEndedSchema,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUserKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: userTokensKey(id) }),
      ]),
  })
}
