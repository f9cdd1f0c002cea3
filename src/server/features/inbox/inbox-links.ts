// Paths of the web app's inbox pages, for e-mails (the web app's route table owns them; listed here
// once, as notifications.presenter.ts does for its links). Staff pages come with the triage UI.

export const INBOX_STAFF_PATHS = {
  quote: (id: string) => `/staff/quotes/${encodeURIComponent(id)}`,
  contact: (id: string) => `/staff/contacts/${encodeURIComponent(id)}`,
}

export const EBOOK_PAGE_PATHS = {
  /** Where a visitor asks for the e-book again. */
  request: '/ebook',
  /** The e-mailed link: the page confirms the address with a POST and offers the download. */
  download: (token: string) => `/ebook/download?token=${encodeURIComponent(token)}`,
  /** The human unsubscribe page (it POSTs); mail clients use the API's one-click URL instead. */
  unsubscribe: (token: string) => `/ebook/unsubscribe?token=${encodeURIComponent(token)}`,
}

/** RFC 8058 one-click unsubscribe: the URL mail providers POST `List-Unsubscribe=One-Click` to. */
export const EBOOK_ONE_CLICK_PATH = (token: string) =>
  `/api/inbox/ebook/unsubscribe?token=${encodeURIComponent(token)}`
