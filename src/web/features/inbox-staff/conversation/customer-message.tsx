import { Download, Image, Mail, Paperclip } from 'lucide-react'
import { useState } from 'react'
import type { InboxAttachment, InboxMessage } from '../../../../shared/contract/inbox-conversations'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { formatBytes, formatDateTime } from '../../../lib/format'
import { textLinkClasses } from '../../accounts/auth-page'
import { TRIAGE_KINDS, type TriageKind } from '../triage-tables'

// A customer's own message on an entry's thread: its new text (the quoted history folded away), its
// HTML as the server sanitized it (decision 0128: no scripts, remote images held back as
// data-remote-src until staff ask for them), its attachments, and whether it came by e-mail.

/** Remote images in the sanitized HTML: there, and how to show them (no referrer sent). */
export function remoteImageCount(html: string): number {
  return html.match(/<img\b[^>]*\sdata-remote-src="/gi)?.length ?? 0
}

/**
 * The sanitized HTML with its remote images pointed at their addresses. The addresses are attribute
 * values the server's sanitizer escaped, so only the attribute's name changes.
 */
export function withRemoteImages(html: string): string {
  return html.replace(/<img\b([^>]*)\sdata-remote-src="/gi, '<img referrerpolicy="no-referrer"$1 src="')
}

export function CustomerMessage({
  kind,
  entryId,
  message,
}: {
  kind: TriageKind
  entryId: string
  message: InboxMessage
}) {
  return (
    <li className="rounded-lg border border-accent bg-surface p-3 text-sm">
      <div className="mb-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-fg-muted">
        <Mail aria-hidden="true" className="size-4" />
        <span className="font-medium text-fg">{message.author.name}</span>
        <span>answered</span>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        {message.viaEmail ? <Badge variant="accent">by e-mail</Badge> : <Badge>on the website</Badge>}
      </div>
      {message.html ? (
        <MailHtml html={message.html} />
      ) : (
        <p className="whitespace-pre-wrap break-words text-fg">{message.body}</p>
      )}
      {message.quoted && <QuotedText text={message.quoted} />}
      {message.attachments && message.attachments.length > 0 && (
        <AttachmentList kind={kind} entryId={entryId} attachments={message.attachments} />
      )}
    </li>
  )
}

function MailHtml({ html }: { html: string }) {
  const [images, setImages] = useState(false)
  const remote = remoteImageCount(html)
  return (
    <div className="flex flex-col gap-2">
      {remote > 0 && !images && (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-surface-muted px-3 py-2 text-fg-muted">
          <span>
            {remote === 1 ? '1 remote image is' : `${remote} remote images are`} not loaded (the sender could
            tell you opened the mail).
          </span>
          <Button size="sm" variant="secondary" onClick={() => setImages(true)}>
            <Image aria-hidden="true" />
            Load images
          </Button>
        </div>
      )}
      <div
        data-mail-html=""
        className="max-h-[32rem] max-w-full overflow-auto break-words rounded-md border border-border bg-bg p-3 text-fg [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_img]:inline-block [&_img]:max-w-full [&_p]:my-2 [&_table]:max-w-full"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitized this mail's HTML (mail-html.ts); it stays inside this box.
        dangerouslySetInnerHTML={{ __html: images ? withRemoteImages(html) : html }}
      />
    </div>
  )
}

function QuotedText({ text }: { text: string }) {
  return (
    <details className="mt-2 text-fg-muted">
      <summary className="cursor-pointer select-none text-sm font-medium hover:text-fg">
        Show quoted text
      </summary>
      <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap break-words border-l-2 border-border pl-3 font-sans">
        {text}
      </pre>
    </details>
  )
}

/** An entry's files, each a download (always as an attachment, decision 0128). */
export function AttachmentList({
  kind,
  entryId,
  attachments,
}: {
  kind: TriageKind
  entryId: string
  attachments: InboxAttachment[]
}) {
  const base = `${TRIAGE_KINDS[kind].endpoint}/${encodeURIComponent(entryId)}/attachments`
  return (
    <div className="mt-3">
      <h4 className="mb-1 flex items-center gap-1.5 font-medium text-fg">
        <Paperclip aria-hidden="true" className="size-4" />
        {attachments.length === 1 ? '1 attachment' : `${attachments.length} attachments`}
      </h4>
      <ul className="flex flex-col gap-1">
        {attachments.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-x-2">
            <a
              className={`inline-flex min-w-0 items-center gap-1 break-all ${textLinkClasses}`}
              href={`${base}/${encodeURIComponent(a.id)}`}
              download={a.filename}
            >
              <Download aria-hidden="true" className="size-4 shrink-0" />
              {a.filename}
            </a>
            <span className="text-fg-muted">{formatBytes(a.size)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
