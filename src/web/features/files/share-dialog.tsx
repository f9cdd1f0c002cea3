import { useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select } from '../../components/ui/select'
import { Spinner } from '../../components/ui/spinner'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api'
import { filesApi, useAccessList, useFilesMutation, useShareCandidates } from './files-api'
import type { Level } from './files-types'

const LEVEL_LABEL: Record<Level, string> = {
  viewer: 'Viewer',
  editor: 'Editor',
  administrator: 'Administrator',
}

/**
 * Who has access to a folder and from where (a direct grant, or inherited from which folder above),
 * with the levels the caller may set; and finding someone new by name or e-mail to share with.
 */
export function ShareDialog({
  folder,
  onClose,
}: {
  folder: { id: string; folder_name: string }
  onClose: () => void
}) {
  const access = useAccessList(folder.id, true)
  const [q, setQ] = useState('')
  const candidates = useShareCandidates(folder.id, q)
  const [chosen, setChosen] = useState<{ id: string; name: string; email: string } | null>(null)
  const [level, setLevel] = useState<Level>('viewer')
  const grant = useFilesMutation((a: { userId: string; level: Level }) =>
    filesApi.grant(folder.id, a.userId, a.level),
  )
  const revoke = useFilesMutation((userId: string) => filesApi.revoke(folder.id, userId))
  const grantable = access.data?.grantableLevels ?? []

  const share = async () => {
    if (!chosen) return
    try {
      await grant.mutateAsync({ userId: chosen.id, level })
      toast({
        title: `Shared with ${chosen.name} as ${LEVEL_LABEL[level].toLowerCase()}`,
        variant: 'success',
      })
      setChosen(null)
      setQ('')
    } catch (error) {
      toast({ title: 'Not shared', description: errorMessage(error), variant: 'danger' })
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`Share “${folder.folder_name}”`} className="max-w-2xl">
        <section aria-labelledby="share-add" className="flex flex-col gap-3">
          <h3 id="share-add" className="font-medium">
            Add someone
          </h3>
          <FormField label="Find a person by name or e-mail" hint="Type at least 2 characters.">
            <Input
              type="search"
              value={q}
              autoComplete="off"
              onChange={(e) => {
                setQ(e.target.value)
                setChosen(null)
              }}
            />
          </FormField>
          {q.trim().length >= 2 && !chosen && (
            <div aria-live="polite">
              {candidates.isPending ? (
                <Spinner label="Searching" size="sm" />
              ) : candidates.data?.items.length === 0 ? (
                <p className="text-sm text-fg-muted">Nobody found.</p>
              ) : (
                <ul aria-label="People found" className="flex flex-col rounded-md border border-border">
                  {candidates.data?.items.map((u) => (
                    <li key={u.id}>
                      <button
                        type="button"
                        className="flex w-full flex-col px-3 py-2 text-left text-sm hover:bg-surface-muted"
                        onClick={() => setChosen(u)}
                      >
                        <span className="font-medium">{u.name}</span>
                        <span className="text-fg-muted">{u.email}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {chosen && (
            <div className="flex flex-col gap-2 rounded-md border border-border p-3 sm:flex-row sm:items-end">
              <p className="flex-1 text-sm">
                <span className="font-medium">{chosen.name}</span>{' '}
                <span className="text-fg-muted">{chosen.email}</span>
              </p>
              <FormField label="Level to give">
                <Select value={level} onChange={(e) => setLevel(e.target.value as Level)}>
                  {grantable.map((l) => (
                    <option key={l} value={l}>
                      {LEVEL_LABEL[l]}
                    </option>
                  ))}
                </Select>
              </FormField>
              <Button loading={grant.isPending} onClick={() => void share()}>
                Share
              </Button>
            </div>
          )}
        </section>
        <section aria-labelledby="share-who" className="flex flex-col gap-2">
          <h3 id="share-who" className="font-medium">
            Who has access
          </h3>
          {access.isPending ? (
            <Spinner label="Loading" />
          ) : access.isError ? (
            <Alert variant="danger" title="Could not load who has access">
              {errorMessage(access.error)}
            </Alert>
          ) : (
            <>
              {access.data.public && (
                <p className="text-sm text-fg-muted">Public: every signed-in member can view this folder.</p>
              )}
              <p className="text-sm text-fg-muted">
                Administrators and folder managers always have full access.
              </p>
              {access.data.entries.length === 0 ? (
                <p className="text-sm">Nobody has been given access yet.</p>
              ) : (
                <ul
                  aria-label="People with access"
                  className="flex flex-col divide-y divide-border rounded-md border border-border"
                >
                  {access.data.entries.map((e) => (
                    <li
                      key={e.user.id}
                      className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center"
                    >
                      <div className="flex flex-1 flex-col">
                        <span className="font-medium">{e.user.name}</span>
                        <span className="text-fg-muted">
                          {e.user.email} ·{' '}
                          {e.via === 'direct' ? 'direct' : `inherited from “${e.from.folder_name}”`}
                        </span>
                      </div>
                      {e.via === 'direct' && e.canSet.length > 0 ? (
                        <div className="flex items-center gap-2">
                          <Select
                            aria-label={`Level for ${e.user.name}`}
                            value={e.permissionType}
                            onChange={(ev) =>
                              grant.mutate(
                                { userId: e.user.id, level: ev.target.value as Level },
                                {
                                  onError: (error) =>
                                    toast({
                                      title: 'Not changed',
                                      description: errorMessage(error),
                                      variant: 'danger',
                                    }),
                                },
                              )
                            }
                          >
                            {[...new Set([e.permissionType, ...e.canSet])].map((l) => (
                              <option key={l} value={l}>
                                {LEVEL_LABEL[l]}
                              </option>
                            ))}
                          </Select>
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Remove access for ${e.user.name}`}
                            onClick={() =>
                              revoke.mutate(e.user.id, {
                                onError: (error) =>
                                  toast({
                                    title: 'Not removed',
                                    description: errorMessage(error),
                                    variant: 'danger',
                                  }),
                              })
                            }
                          >
                            Remove
                          </Button>
                        </div>
                      ) : (
                        <span className="text-fg-muted">{LEVEL_LABEL[e.permissionType]}</span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </section>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
