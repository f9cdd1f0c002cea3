import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog'
import { type BulkSummary, CONFLICT_CHOICES, type ConflictChoice } from './bulk-results'

/** A move met taken names: keep both, replace, or skip those items. */
export function ConflictDialog({
  names,
  target,
  onChoose,
  onClose,
}: {
  names: string[]
  target: string
  onChoose: (choice: ConflictChoice) => Promise<void>
  onClose: () => void
}) {
  const [pending, setPending] = useState<ConflictChoice | null>(null)
  const choose = async (choice: ConflictChoice) => {
    setPending(choice)
    try {
      await onChoose(choice)
    } finally {
      setPending(null)
    }
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Names already taken"
        description={`“${target}” already holds an item named like ${names.length === 1 ? 'this one' : 'these'}.`}
      >
        <ul className="list-disc pl-5 text-sm">
          {names.map((n) => (
            <li key={n} className="break-all">
              {n}
            </li>
          ))}
        </ul>
        <ul className="flex flex-col gap-2">
          {CONFLICT_CHOICES.map((c) => (
            <li
              key={c.value}
              className="flex flex-col gap-1 rounded-md border border-border p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="text-sm text-fg-muted">{c.description}</span>
              <Button
                size="sm"
                variant={c.value === 'replace' ? 'danger' : c.value === 'rename' ? 'primary' : 'secondary'}
                loading={pending === c.value}
                disabled={pending !== null}
                onClick={() => void choose(c.value)}
              >
                {c.label}
              </Button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  )
}

/** What a bulk action did to each item that did not simply succeed. */
export function BulkResultsDialog({
  title,
  summary,
  onClose,
}: {
  title: string
  summary: BulkSummary
  onClose: () => void
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={title}
        description={`${summary.ok} done, ${summary.skipped} skipped, ${summary.failed} failed.`}
      >
        <ul aria-label="Items that failed" className="flex flex-col gap-2 text-sm">
          {summary.problems.map((p) => (
            <li key={p.key}>
              <span className="font-medium break-all">{p.name}</span>: {p.message}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
