import type { CreatedShareLink } from '../../../../shared/contract/share-links'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { copyText } from '../../../components/ui/copy-text'
import { Input } from '../../../components/ui/input'

/** The address of a link just made, to copy now or later from the list of links. */
export function NewShareLink({ link }: { link: CreatedShareLink }) {
  const address = link.url
  return (
    <Alert variant="success" title="Link made">
      <div className="flex flex-wrap items-center gap-2">
        <Input readOnly value={address} aria-label="The new link" onFocus={(e) => e.currentTarget.select()} />
        <Button
          type="button"
          size="sm"
          onClick={() => void copyText(address, 'Link copied', 'Select the address and copy it.')}
        >
          Copy link
        </Button>
      </div>
    </Alert>
  )
}
