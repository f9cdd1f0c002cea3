import { useSearchParams } from 'react-router'
import { NOTIFICATION_READ_STATES, type NotificationReadState } from '../../../shared/contract/notifications'
import { NOTIFICATION_TYPES, type NotificationType } from '../../../shared/enums'
import type { NotificationFilters } from './notifications-api'

function filtersFrom(params: URLSearchParams): NotificationFilters {
  const type = params.get('type')
  const read = params.get('read')
  return {
    type: NOTIFICATION_TYPES.includes(type as NotificationType) ? (type as NotificationType) : undefined,
    read: NOTIFICATION_READ_STATES.includes(read as NotificationReadState)
      ? (read as NotificationReadState)
      : 'all',
  }
}

export type SetNotificationFilter = (key: 'type' | 'read', value: string) => void

/** The notifications page's filters, kept in the URL (defaults left out): reload and back restore them. */
export function useNotificationFilters() {
  const [params, setParams] = useSearchParams()
  const setFilter: SetNotificationFilter = (key, value) => {
    const next = new URLSearchParams(params)
    if (value === '' || (key === 'read' && value === 'all')) next.delete(key)
    else next.set(key, value)
    setParams(next, { replace: true })
  }
  return { filters: filtersFrom(params), setFilter }
}
