import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type DashboardQuery, dashboardSchema } from '../../../shared/contract/dashboard'
import { api } from '../../lib/api'

// The dashboard over HTTP: one call per period, the parts the caller may see filled in.

export const DASHBOARD_ENDPOINT = '/api/dashboard'

export const dashboardKeys = {
  all: ['dashboard'] as const,
  period: (query: DashboardQuery) =>
    [...dashboardKeys.all, query.period ?? '30d', query.from ?? '', query.to ?? ''] as const,
}

/** The dashboard for a period; the last period's figures stay on screen while the next one loads. */
export function useDashboard(query: DashboardQuery | undefined) {
  return useQuery({
    queryKey: dashboardKeys.period(query ?? {}),
    queryFn: ({ signal }) =>
      api.get(DASHBOARD_ENDPOINT, { signal, schema: dashboardSchema, query: { ...query } }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  })
}
