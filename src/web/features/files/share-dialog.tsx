import { useState } from 'react'
import type { ShareCandidate } from '../../../shared/contract/files-responses'
import type { PermissionType } from '../../../shared/enums'
import { hasStaffFunction } from '../../../shared/staff-functions'
import { FormField } from '../../components/forms/field'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../components/ui/dialog'
import { Input } from '../../components/ui/input'
import { Select } from '../../components/ui/select'
import { Spinner } from '../../components/ui/spinner'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api'
import { useSession } from '../accounts/session'
import { filesApi, useAccessList, useFilesMutation, useShareCandidates } from './files-api'
import { ShareLinksSection } from './links/share-links-section'

/** Someone found by the lookup, or an e-mail address typed in full (which may or may not have an account). */
type Chosen = { kind: 'person'; person: ShareCandidate } | { kind: 'address'; email: string }

const LEVEL_LABEL: Record<PermissionType, string> = {
  viewer: 'Viewer',
  editor: 'Editor',
  administrator: 'Administrator',
}

/**
 * Who has access to a folder and from where (a direct grant, or inherited from which folder above),
 * with the levels the caller may set; and adding someone: by their full e-mail address, or by name
 * among the people one already shares with (super users search everyone). The dialog never learns
 * whether a typed address has an account (docs/decisions/0042).
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
  const session = useSession()
  const searchesEveryone = hasStaffFunction(session.user, 'ManageFolders')
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [level, setLevel] = useState<PermissionType>('viewer')
  const grant = useFilesMutation((a: { userId: string; level: PermissionType }) =>
    filesApi.grant(folder.id, a.userId, a.level),
  )
  const shareByEmail = useFilesMutation((a: { email: string; level: PermissionType }) =>
    filesApi.shareByEmail(folder.id, a.email, a.level),
  )
  const revoke = useFilesMutation((userId: string) => filesApi.revoke(folder.id, userId))
  const grantable = access.data?.grantableLevels ?? []
  const found = candidates.data
  const nothingFound = found !== undefined && found.items.length === 0 && found.address === null

  const share = async () => {
    if (!chosen) return
    const as = LEVEL_LABEL[level].toLowerCase()
    try {
      if (chosen.kind === 'person') {
        await grant.mutateAsync({ userId: chosen.person.id, level })
        toast({ title: `Shared with ${chosen.person.name} as ${as}`, variant: 'success' })
      } else {
        await shareByEmail.mutateAsync({ email: chosen.email, level })
        toast({
          title: `Shared with ${chosen.email} as ${as}`,
          description:
            'If this address has an account here, they can open the folder now and have been notified. If not, nothing was sent: ask them to sign up, then share again.',
          variant: 'success',
        })
      }
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
          <FormField
            label={searchesEveryone ? 'Find a person by name or e-mail' : 'E-mail address'}
            hint={
              searchesEveryone
                ? 'Type at least 2 characters.'
                : 'Type their full e-mail address. People you already share with can also be found by name.'
            }
          >
            <Input
              type="search"
              value={q}
              autoComplete="off"
              spellCheck={false}
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
              ) : candidates.isError ? (
                <Alert variant="danger" title="Could not look this up">
                  {errorMessage(candidates.error)}
                </Alert>
              ) : nothingFound ? (
                <p className="text-sm text-fg-muted">
                  {found.scope === 'everyone'
                    ? 'Nobody found.'
                    : 'Nobody you already share with matches. To share with someone new, type their full e-mail address.'}
                </p>
              ) : (
                <ul aria-label="People found" className="flex flex-col rounded-md border border-border">
                  {found?.items.map((u) => (
                    <li key={u.id}>
                      <button
                        type="button"
                        className="flex w-full flex-col px-3 py-2 text-left text-sm hover:bg-surface-muted"
                        onClick={() => setChosen({ kind: 'person', person: u })}
                      >
                        <span className="font-medium">{u.name}</span>
                        <span className="text-fg-muted">{u.email}</span>
                      </button>
                    </li>
                  ))}
                  {found?.address && (
                    <li>
                      <button
                        type="button"
                        className="flex w-full flex-col px-3 py-2 text-left text-sm hover:bg-surface-muted"
                        onClick={() => found.address && setChosen({ kind: 'address', email: found.address })}
                      >
                        <span className="font-medium">{found.address}</span>
                        <span className="text-fg-muted">Share with this e-mail address</span>
                      </button>
                    </li>
                  )}
                </ul>
              )}
            </div>
          )}
          {chosen && (
            <div className="flex flex-col gap-2 rounded-md border border-border p-3 sm:flex-row sm:items-end">
              <p className="flex-1 text-sm">
                {chosen.kind === 'person' ? (
                  <>
                    <span className="font-medium">{chosen.person.name}</span>{' '}
                    <span className="text-fg-muted">{chosen.person.email}</span>
                  </>
                ) : (
                  <span className="font-medium">{chosen.email}</span>
                )}
              </p>
              <FormField label="Level to give">
                <Select value={level} onChange={(e) => setLevel(e.target.value as PermissionType)}>
                  {grantable.map((l) => (
                    <option key={l} value={l}>
                      {LEVEL_LABEL[l]}
                    </option>
                  ))}
                </Select>
              </FormField>
              <Button loading={grant.isPending || shareByEmail.isPending} onClick={() => void share()}>
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
                                { userId: e.user.id, level: ev.target.value as PermissionType },
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
        <ShareLinksSection itemType="folder" itemId={folder.id} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
