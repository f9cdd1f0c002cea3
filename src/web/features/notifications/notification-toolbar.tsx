import { Check } from 'lucide-react'
import { NOTIFICATION_READ_STATES, type NotificationReadState } from '../../../shared/contract/notifications'
import { NOTIFICATION_TYPES } from '../../../shared/enums'
import { NOTIFICATION_TYPE_LABELS } from '../../../shared/notification-sentence'
import { FormField } from '../../components/forms/field'
import { Button } from '../../components/ui/button'
import { Select } from '../../components/ui/select'
import { type NotificationFilters, useMarkAllRead } from './notifications-api'
import type { SetNotificationFilter } from './use-notification-filters'

const READ_LABELS: Record<NotificationReadState, string> = { all: 'All', unread: 'Unread', read: 'Read' }

/** Above the notifications: the type and read-state filters, and "Mark all read" up to the newest shown. */
export function NotificationToolbar({
  filters,
  setFilter,
  unread,
  newestId,
}: {
  filters: NotificationFilters
  setFilter: SetNotificationFilter
  unread: number
  newestId: string | undefined
}) {
  const markAll = useMarkAllRead()
  return (
    <div className="mb-6 flex flex-wrap items-end gap-4">
      <FormField label="Type" className="w-48">
        <Select value={filters.type ?? ''} onChange={(e) => setFilter('type', e.target.value)}>
          <option value="">All types</option>
          {NOTIFICATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {NOTIFICATION_TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Show" className="w-36">
        <Select value={filters.read} onChange={(e) => setFilter('read', e.target.value)}>
          {NOTIFICATION_READ_STATES.map((state) => (
            <option key={state} value={state}>
              {READ_LABELS[state]}
            </option>
          ))}
        </Select>
      </FormField>
      <Button
        variant="secondary"
        className="ml-auto"
        disabled={unread === 0}
        loading={markAll.isPending}
        onClick={() => markAll.mutate(newestId)}
      >
        <Check aria-hidden="true" />
        Mark all read
      </Button>
    </div>
  )
}
