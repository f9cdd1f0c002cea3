import type { UseQueryResult } from '@tanstack/react-query'
import type { AccessEntry, AccessList } from '../../../../shared/contract/files-responses'
import type { PermissionType } from '../../../../shared/enums'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Select } from '../../../components/ui/select'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { LEVEL_LABEL } from './share-levels'
import type { ShareGrants } from './use-share-grants'

/** "Who has access": each person and from where (a direct grant, or inherited from which folder above). */
export function ShareDialogPeopleList({
  access,
  grants,
  youId,
}: {
  access: UseQueryResult<AccessList>
  grants: ShareGrants
  /** The signed-in person, named "(you)" in the list. */
  youId: string | undefined
}) {
  return (
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
          <p className="text-sm text-fg-muted">Administrators and folder managers always have full access.</p>
          {access.data.pending.length > 0 && (
            <ul
              aria-label="Invited, not signed up yet"
              className="flex flex-col divide-y divide-border rounded-md border border-border"
            >
              {access.data.pending.map((p) => (
                <li key={p.id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center">
                  <div className="flex flex-1 flex-col">
                    <span className="font-medium">{p.email}</span>
                    <span className="text-fg-muted">
                      {LEVEL_LABEL[p.permissionType]} · invited, gets access on signing up
                    </span>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Take back the invitation to ${p.email}`}
                    onClick={() =>
                      grants.cancelPending.mutate(p.id, {
                        onSuccess: () =>
                          toast({ title: `Invitation to ${p.email} taken back`, variant: 'success' }),
                        onError: (error) =>
                          toast({
                            title: 'Not taken back',
                            description: errorMessage(error),
                            variant: 'danger',
                          }),
                      })
                    }
                  >
                    Take back
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {access.data.entries.length === 0 ? (
            <p className="text-sm">Nobody has been given access yet.</p>
          ) : (
            <ul
              aria-label="People with access"
              className="flex flex-col divide-y divide-border rounded-md border border-border"
            >
              {access.data.entries.map((e) => (
                <ShareDialogPerson key={e.user.id} entry={e} grants={grants} you={e.user.id === youId} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}

/** Where someone's access comes from, in the words of the list: the owner, a grant here, or a folder above. */
function accessSource(e: AccessEntry): string {
  if (e.via === 'inherited') return `inherited from “${e.from.folder_name}”`
  return e.owner ? 'Owner' : 'direct'
}

/**
 * One person with access: a direct grant the caller may set can be changed here, and removed unless it
 * is the last administrator's (the server says which through canRemove).
 */
function ShareDialogPerson({
  entry: e,
  grants: { grant, revoke },
  you,
}: {
  entry: AccessEntry
  grants: ShareGrants
  you: boolean
}) {
  return (
    <li className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center">
      <div className="flex flex-1 flex-col">
        <span className="font-medium">
          {e.user.name}
          {you ? ' (you)' : ''}
        </span>
        <span className="text-fg-muted">
          {e.user.email} · {accessSource(e)}
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
          {e.canRemove && (
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
          )}
        </div>
      ) : (
        <span className="text-fg-muted">{LEVEL_LABEL[e.permissionType]}</span>
      )}
    </li>
  )
}
