// The e-mail feature: an outbox written in the caller's transaction, templates, transports and the
// worker that drains the outbox (product.md §7, architecture.md "Data").
export { type AttachmentMaker, type MailWorker, type MailWorkerOptions, startMailWorker } from './mail-worker'
export { enqueueMail, type MailAttachmentRef, type OutgoingMail } from './outbox'
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy'
export * from './templates'
export * from './transports'
