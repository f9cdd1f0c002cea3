import { useId, useState } from 'react'
import type { ItemType } from '../../../../shared/contract/files'
import type { CreatedShareLink } from '../../../../shared/contract/share-links'
import { Dialog, DialogCloseFooter, DialogContent } from '../../../components/ui/dialog'
import { NewShareLink } from './new-share-link'
import { ShareLinkForm } from './share-link-form'
import { ShareLinksList } from './share-links-list'

// The "Share link" part of sharing: the item's links (made when, by whom, used how often, where each
// stands) with revoke, and a form to make one. Each active link can be copied again.

export function ShareLinksSection({ itemType, itemId }: { itemType: ItemType; itemId: string }) {
  const titleId = useId()
  const [created, setCreated] = useState<CreatedShareLink>()

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h3 id={titleId} className="text-base font-semibold text-fg">
        Share link
      </h3>
      {created && <NewShareLink link={created} />}
      <ShareLinkForm itemType={itemType} itemId={itemId} onCreated={setCreated} />
      <ShareLinksList itemType={itemType} itemId={itemId} />
    </section>
  )
}

/** The share link section as a dialog of its own, for a file (folders have it in their share dialog). */
export function ShareLinksDialog({
  item,
  onClose,
}: {
  item: { type: ItemType; id: string; name: string }
  onClose: () => void
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`Share “${item.name}” by link`}>
        <ShareLinksSection itemType={item.type} itemId={item.id} />
        <DialogCloseFooter />
      </DialogContent>
    </Dialog>
  )
}
