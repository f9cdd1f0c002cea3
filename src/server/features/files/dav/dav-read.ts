import { sendBlob } from '../../../lib/blobs/blob-response'
import { HttpProblem } from '../../../lib/http/problem'
import { fileToSend } from '../transfer/downloads.service'
import { isChecksumsProp, withChecksums } from './dav-checksums'
import {
  datedSections,
  entryOf,
  membersOf,
  multistatus,
  propfindRequest,
  quotaOfCaller,
  responseXml,
} from './dav-properties'
import { type DavContext, davNotFound, xmlBody } from './dav-request'
import { DAV_NS } from './dav-xml'

// The reading methods: PROPFIND (Depth 0 and 1) and GET/HEAD of a file, through the same services
// as the file manager's listing and download (ranges, ETag and 304 from blob-response).

export const XML_TYPE = 'application/xml; charset=utf-8'

export async function propfind({ c, who, resource }: DavContext): Promise<Response> {
  const deps = c.var.deps
  const depth = (c.req.header('depth') ?? '1').toLowerCase()
  if (depth !== '0' && depth !== '1')
    // RFC 4918 §9.1: a server may refuse Depth: infinity; it would walk whole trees per request.
    return new Response(
      `<?xml version="1.0" encoding="utf-8"?>\n<D:error xmlns:D="DAV:"><D:propfind-finite-depth/></D:error>`,
      { status: 403, headers: { 'Content-Type': XML_TYPE } },
    )
  const request = propfindRequest(await xmlBody(c))
  if (resource.kind === 'missing' || resource.kind === 'orphan') throw davNotFound()
  const listed = await datedSections(deps, who, [
    entryOf(resource),
    ...(depth === '1' ? await membersOf(deps, who, resource) : []),
  ])
  // Read only when named: a listing's digests cost a statement per 500 files.
  const namesChecksums =
    request.kind === 'propname' || (request.kind === 'prop' && request.props.some(isChecksumsProp))
  const entries = namesChecksums ? await withChecksums(deps, listed) : listed
  const asksQuota =
    request.kind === 'prop' && request.props.some((p) => p.ns === DAV_NS && p.name.startsWith('quota-'))
  const quota = asksQuota ? await quotaOfCaller(deps, who) : undefined
  const responses: string[] = []
  for (const entry of entries) responses.push(await responseXml(deps, entry, request, quota))
  return new Response(multistatus(responses), { status: 207, headers: { 'Content-Type': XML_TYPE } })
}

export async function getOrHead({ c, who, resource }: DavContext): Promise<Response> {
  if (resource.kind === 'file')
    return sendBlob(c, await fileToSend(c.var.deps, who, resource.file.id, 'attachment'))
  if (resource.kind === 'missing' || resource.kind === 'orphan') throw davNotFound()
  // A collection has no content of its own; a browser that wanders here is told what it is.
  const text = 'This is a WebDAV folder of Depot. Connect to it with a WebDAV client and an access token.\n'
  return new Response(c.req.method === 'HEAD' ? null : text, {
    status: 200,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
}

export function notAllowed(allow: string): HttpProblem {
  return new HttpProblem(405, 'method_not_allowed', 'That method does not apply here.', undefined, {
    Allow: allow,
  })
}
