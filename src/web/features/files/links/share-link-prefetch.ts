import type { PrefetchContext } from '../../../lib/route-prefetch'
import { sharedInfoQuery, sharedListingQuery } from './share-links-api'

// What the server asks before it renders a share link's page (decision 0110): the link's answer, as
// anyone holding the token without its password would get it, and for a folder it shows, the folder
// the address names. A password-protected link answers that it needs one: the page is its form. A
// link that does not work answers so: the page says it.

export async function prefetchSharedLink({ queryClient, api, params, url }: PrefetchContext): Promise<void> {
  const token = params.token ?? ''
  await queryClient.prefetchQuery(sharedInfoQuery(token, undefined, api))
  const info = queryClient.getQueryData(sharedInfoQuery(token, undefined, api).queryKey)
  if (!info || 'unusable' in info) return
  if (info.needsPassword || info.mode === 'upload' || (info.itemType === 'file' && info.file)) return
  const folder = url.searchParams.get('folder') ?? undefined
  await queryClient.prefetchQuery(sharedListingQuery(token, folder, undefined, api))
}
