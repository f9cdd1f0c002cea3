import type { Context } from 'hono'
import type { z } from 'zod'
import type { AppEnv } from '../../deps'
import type { RouteAccess } from '../../policies/route-access'
import { rangedDownloadResponses, rangeRequestHeaders } from '../http/documented-headers'
import { type AnyRoute, defineRoute, type HeaderDef, type RouteResponses } from '../http/route'
import { type BlobToSend, sendBlob } from './blob-response'

export type Disposition = 'inline' | 'attachment'

type Out<S> = S extends z.ZodType ? z.output<S> : undefined

/**
 * A stored file's preview (`<path>/preview`: inline when its type is safe to show) and download
 * (`<path>/download`: an attachment) as one declaration. Both routes share the access, the request,
 * the answers and the lookup; the disposition is their only difference, and sendBlob gives both the
 * same ETag, range and 304 rules. Shared files and file versions are served this way.
 */
export function previewAndDownloadRoutes<
  P extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
>(spec: {
  /** The item's own path; `/preview` and `/download` are added to it. */
  path: string
  summaries: Record<Disposition, string>
  tags: string[]
  access: RouteAccess
  params: P
  query?: Q
  /** Request headers besides the range ones (a share link's key). */
  headers?: Record<string, HeaderDef>
  /** The problems the lookup answers (401, 403, 404, 410…). */
  problems: RouteResponses
  /** What to send: the lookup decides access, and the presentation for the disposition asked. */
  blob: (
    c: Context<AppEnv>,
    input: { params: Out<P>; query: Out<Q> },
    disposition: Disposition,
  ) => Promise<BlobToSend>
}): AnyRoute[] {
  const endings = { inline: 'preview', attachment: 'download' } as const
  return (['inline', 'attachment'] as const).map((disposition) =>
    defineRoute({
      method: 'get',
      path: `${spec.path}/${endings[disposition]}`,
      summary: spec.summaries[disposition],
      tags: spec.tags,
      access: spec.access,
      request: {
        params: spec.params,
        query: spec.query,
        headers: { ...rangeRequestHeaders, ...spec.headers },
      },
      responses: {
        ...rangedDownloadResponses(
          disposition === 'inline'
            ? 'The bytes, inline when the type is safe to show (else as an attachment)'
            : 'The bytes, as an attachment under the file’s name',
        ),
        ...spec.problems,
      },
      handler: async (c, input) =>
        sendBlob(c, await spec.blob(c, input as { params: Out<P>; query: Out<Q> }, disposition)),
    }),
  )
}
