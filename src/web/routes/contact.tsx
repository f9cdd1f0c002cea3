// Thin route module: the page lives in features/inbox.
export { ContactPage } from '../features/inbox/contact-page'
