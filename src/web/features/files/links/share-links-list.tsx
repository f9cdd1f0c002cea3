import type { ItemType } from '../../../../shared/contract/files'
import type { ShareLink } from '../../../../shared/contract/share-links'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { copyText } from '../../../components/ui/copy-text'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { formatBytes, formatDateTime } from '../../../lib/format'
import { MODE_LABEL, STATE_LABEL } from './share-link-labels'
import { useRevokeShareLink, useShareLinks } from './share-links-api'

/** An item's links: made when, by whom, used how often, where each stands; an active one can be revoked. */
export function ShareLinksList({ itemType, itemId }: { itemType: ItemType; itemId: string }) {
  const links = useShareLinks(itemType, itemId)
  const revoke = useRevokeShareLink(itemType, itemId)

  const onRevoke = async (link: ShareLink) => {
    try {
      await revoke.mutateAsync(link.id)
      toast({ title: 'Link revoked', variant: 'success' })
    } catch (error) {
      toast({ title: 'The link was not revoked', description: errorMessage(error), variant: 'danger' })
    }
  }

  if (links.isPending)
    return (
      <div className="flex items-center gap-2 text-sm text-fg-muted">
        <Spinner /> Loading links…
      </div>
    )
  if (links.isError)
    return (
      <Alert variant="danger" title="The links could not be loaded">
        {errorMessage(links.error)}{' '}
        <Button type="button" size="sm" variant="secondary" onClick={() => void links.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  if (links.data.items.length === 0) return <p className="text-sm text-fg-muted">No links yet.</p>
  return (
    <ul className="flex flex-col divide-y divide-border" aria-label="Links">
      {links.data.items.map((link) => (
        <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <div className="flex flex-col">
            <span className="font-medium text-fg">
              {MODE_LABEL[link.mode]}
              {link.hasPassword ? ' · password' : ''} · {STATE_LABEL[link.state]}
            </span>
            <span className="text-fg-muted">
              Made {formatDateTime(link.createdAt)} by {link.createdBy?.name || 'someone no longer here'} ·
              {usageLine(link)}
              {link.expiresAt ? ` · expires ${formatDateTime(link.expiresAt)}` : ''}
            </span>
          </div>
          {link.state === 'active' && (
            <div className="flex gap-2">
              {link.url && (
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    void copyText(link.url ?? '', 'Link copied', 'Open the link and copy its address.')
                  }
                >
                  Copy link
                </Button>
              )}
              <Button type="button" size="sm" variant="secondary" onClick={() => void onRevoke(link)}>
                Revoke
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  )
}

/** How much of its limits a link has used: downloads, or a file drop's files and bytes. */
function usageLine(link: ShareLink): string {
  if (link.mode !== 'upload')
    return `used ${link.useCount}${link.downloadLimit !== null ? ` of ${link.downloadLimit}` : ''} times`
  const files = `${link.useCount}${link.dropFileLimit !== null ? ` of ${link.dropFileLimit}` : ''} files`
  const bytes = `${formatBytes(link.droppedBytes)}${link.dropByteLimit !== null ? ` of ${formatBytes(link.dropByteLimit)}` : ''}`
  return `received ${files} (${bytes})`
}
