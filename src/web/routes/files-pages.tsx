import type { RouteObject } from 'react-router'

// The file manager and the notifications pages, for signed-in people.
// A part of the route table (route-table.tsx): every page is a chunk of its own, loaded when first visited.

export const filesPages: RouteObject[] = [
  // The file manager, for signed-in people: home views, trash, search, then a folder by id (the
  // address notifications link to; static segments win over :id).
  {
    lazy: () => import('../shell/files-sign-in-guard').then((m) => ({ Component: m.FilesGuard })),
    children: [
      {
        path: 'files',
        lazy: () =>
          import('../features/files/home/files-home-page').then((m) => ({
            Component: m.FilesHomePage,
          })),
      },
      {
        path: 'files/trash',
        lazy: () => import('../features/files/trash/trash-page').then((m) => ({ Component: m.TrashPage })),
      },
      {
        path: 'files/search',
        lazy: () => import('../features/files/search-page').then((m) => ({ Component: m.SearchPage })),
      },
      {
        path: 'files/:id',
        lazy: () => import('../features/files/folder/folder-page').then((m) => ({ Component: m.FolderPage })),
      },
    ],
  },
  // Notifications: the page the bell's "See all" opens.
  {
    path: 'notifications',
    lazy: () =>
      import('../features/notifications/notifications-page').then((m) => ({
        Component: m.NotificationsPage,
      })),
  },
  {
    path: 'account/notifications',
    lazy: () =>
      import('../features/notifications/notification-settings-page').then((m) => ({
        Component: m.NotificationSettingsPage,
      })),
  },
]
