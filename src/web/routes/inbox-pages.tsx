import type { RouteObject } from 'react-router'
import { routeHandle, serverRendered } from '../lib/route-prefetch'

// The inbox: the public forms and the pages their mails link to, then the staff triage pages.
// A part of the route table (route-table.tsx): every page is a chunk of its own, loaded when first visited.

export const inboxPages: RouteObject[] = [
  // Inbox, public: the contact and quote forms, the e-book page and the pages its mails link to.
  {
    path: 'contact',
    handle: serverRendered,
    lazy: () => import('../features/inbox/contact-page').then((m) => ({ Component: m.ContactPage })),
  },
  {
    path: 'quote',
    handle: serverRendered,
    lazy: () => import('../features/inbox/quote-page').then((m) => ({ Component: m.QuotePage })),
  },
  {
    path: 'ebook',
    handle: serverRendered,
    lazy: () => import('../features/inbox/ebook-page').then((m) => ({ Component: m.EbookPage })),
  },
  {
    path: 'ebook/download',
    lazy: () => import('../features/inbox/ebook-link-page').then((m) => ({ Component: m.EbookDownloadPage })),
  },
  {
    path: 's/:token',
    // The link's answer and its folder are in the page; the page is the token holder's alone.
    handle: routeHandle({
      serverRendered: true,
      personal: true,
      prefetch: async (context) =>
        (await import('../features/files/links/share-link-prefetch')).prefetchSharedLink(context),
    }),
    lazy: () =>
      import('../features/files/links/shared-link-page').then((m) => ({
        Component: m.SharedLinkPage,
      })),
  },
  {
    path: 'ebook/unsubscribe',
    lazy: () =>
      import('../features/inbox/ebook-link-page').then((m) => ({ Component: m.EbookUnsubscribePage })),
  },
  // Inbox, staff: the triage tables and one entry's page; admin settings and privacy.
  {
    path: 'staff/quotes',
    lazy: () => import('../features/inbox-staff/triage-pages').then((m) => ({ Component: m.QuotesPage })),
  },
  {
    path: 'staff/quotes/:id',
    lazy: () => import('../features/inbox-staff/entry-page').then((m) => ({ Component: m.QuoteEntryPage })),
  },
  {
    path: 'staff/contacts',
    lazy: () => import('../features/inbox-staff/triage-pages').then((m) => ({ Component: m.ContactsPage })),
  },
  {
    path: 'staff/contacts/:id',
    lazy: () => import('../features/inbox-staff/entry-page').then((m) => ({ Component: m.ContactEntryPage })),
  },
  {
    path: 'staff/ebook',
    lazy: () =>
      import('../features/inbox-staff/ebook-list-page').then((m) => ({ Component: m.EbookListPage })),
  },
  {
    path: 'admin/inbox-settings',
    lazy: () =>
      import('../features/inbox-staff/settings/inbox-settings-page').then((m) => ({
        Component: m.InboxSettingsPage,
      })),
  },
  {
    path: 'admin/privacy',
    lazy: () =>
      import('../features/inbox-staff/settings/privacy-page').then((m) => ({
        Component: m.PrivacyPage,
      })),
  },
]
