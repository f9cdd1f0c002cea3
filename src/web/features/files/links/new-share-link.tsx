import type { CreatedShareLink } from '../../../../shared/contract/share-links'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { toast } from '../../../components/ui/toast-store'

/** The address of a link just made, to copy: the server shows it only once. */
export function NewShareLink({ link }: { link: CreatedShareLink }) {
  const address = link.url
  return (
    <Alert variant="success" title="Link made: copy it now, it is shown only once">
      <div className="flex flex-wrap items-center gap-2">
        <Input readOnly value={address} aria-label="The new link" onFocus={(e) => e.currentTarget.select()} />
        <Button
          type="button"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(address)
            toast({ title: 'Link copied', variant: 'success' })
          }}
        >
          Copy link
        </Button>
      </div>
    </Alert>
  )
}
