import { useId } from 'react'
import { Card, CardHeader } from '../../../components/ui/card'
import { Checkbox } from '../../../components/ui/checkbox'

/** The product editor's last step: whether the product is shown in the shop and for sale. */
export function ProductPublishCard({ published, error }: { published: boolean; error: string | undefined }) {
  const publishId = useId()
  const errorId = useId()
  return (
    <Card>
      <CardHeader title="Publishing" />
      <div className="flex items-center gap-3 text-sm text-fg">
        <Checkbox
          id={publishId}
          name="isPublished"
          defaultChecked={published}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <label htmlFor={publishId}>Published: shown in the shop and for sale</label>
      </div>
      {error && (
        <p id={errorId} className="mt-2 text-sm text-danger-text">
          {error}
        </p>
      )}
    </Card>
  )
}
