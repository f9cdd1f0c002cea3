import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import type { Context } from 'hono'
import { NAME_PROBLEM_MESSAGES, nameProblem } from '../../../../shared/names'
import type { AppEnv } from '../../../deps'
import { requireSignedIn, type SignedInCaller } from '../../../lib/http/caller'
import { HttpProblem } from '../../../lib/http/problem'
import { type DavResource, davSegments, resolvePath } from './dav-paths'
import { type XmlElement, XmlError, xmlReader } from './dav-xml'

// What every /dav/ handler reads from its request: the caller, the resource, an XML body, names.

/** XML request bodies (propfind, propertyupdate, lockinfo) are small; more is refused unread. */
export const MAX_XML_BYTES = 1024 * 1024

export interface DavContext {
  c: Context<AppEnv>
  who: SignedInCaller
  resource: DavResource
}

export async function davContext(c: Context<AppEnv>): Promise<DavContext> {
  const who = requireSignedIn(c.var.caller)
  const resource = await resolvePath(c.var.deps, who, davSegments(new URL(c.req.url).pathname))
  return { c, who, resource }
}

/** The request body as a Node stream (the raw socket under @hono/node-server: nothing buffered). */
export function requestStream(c: Context<AppEnv>): Readable | AsyncIterable<Uint8Array> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (incoming) return incoming
  const body = c.req.raw.body
  return body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream) : Readable.from([])
}

/**
 * The XML body, if any, read by the streaming reader as it arrives: 413 past MAX_XML_BYTES, 400 the
 * moment it is not well-formed or passes a limit of XML_LIMITS (the rest is not read).
 */
export async function xmlBody(c: Context<AppEnv>): Promise<XmlElement | undefined> {
  const declared = Number(c.req.header('content-length') ?? 'NaN')
  if (declared > MAX_XML_BYTES) throw new HttpProblem(413, 'too_large', 'The XML body is too large.')
  let size = 0
  let blank = true
  const reader = xmlReader()
  const decoder = new StringDecoder('utf8')
  try {
    for await (const chunk of requestStream(c)) {
      size += chunk.length
      if (size > MAX_XML_BYTES) throw new HttpProblem(413, 'too_large', 'The XML body is too large.')
      const text = decoder.write(Buffer.from(chunk))
      if (blank && text.trim() === '') continue
      blank = false
      reader.write(text)
    }
    if (blank) return undefined
    reader.write(decoder.end())
    return reader.close()
  } catch (error) {
    if (error instanceof XmlError) throw new HttpProblem(400, 'bad_xml', error.message)
    throw error
  }
}

/** A name the file manager accepts, else 400 with its reason (the same rule as the file manager). */
export function checkedName(name: string): string {
  const problem = nameProblem(name)
  if (problem) throw new HttpProblem(400, 'bad_name', NAME_PROBLEM_MESSAGES[problem])
  return name
}

export const davForbidden = (detail: string) => new HttpProblem(403, 'forbidden', detail)
export const davConflict = (detail: string) => new HttpProblem(409, 'conflict', detail)
export const davNotFound = () => new HttpProblem(404, 'not_found', 'Nothing is there, or you cannot open it.')
