// Thin route module: the page lives in features/notifications.
export { NotificationsPage } from '../features/notifications/notifications-page'
