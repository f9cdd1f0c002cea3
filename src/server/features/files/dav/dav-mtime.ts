import { HttpProblem } from '../../../lib/http/problem'
import { DAV_NS } from './dav-xml'

// Client modification times: sync clients keep a file's mtime across machines by sending it with the
// upload (ownCloud/Nextcloud's X-OC-Mtime, seconds since the epoch) or setting it afterwards with
// PROPPATCH (DAV:getlastmodified as an HTTP date; Windows' Win32LastModifiedTime). The file keeps it
// (files.clientModifiedAt) and getlastmodified reports it, so a two-way sync sees no change that
// never happened.

export const MS_NS = 'urn:schemas-microsoft-com:'

/** The instant of an X-OC-Mtime header (ISO-8601), undefined without one; 400 when it is no time. */
export function ocMtime(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  const seconds = Number(header.trim())
  const ms = seconds * 1000
  if (header.trim() === '' || !Number.isFinite(ms) || seconds < 0 || ms > 8.64e15)
    throw new HttpProblem(400, 'bad_mtime', 'X-OC-Mtime must be the seconds since 1970-01-01 UTC.')
  return new Date(Math.floor(ms)).toISOString()
}

/** Whether a property names the modification time (set through the file's client time). */
export function isModifiedTimeProperty(ns: string, name: string): boolean {
  return (ns === DAV_NS && name === 'getlastmodified') || (ns === MS_NS && name === 'Win32LastModifiedTime')
}

/** The instant of a date given as a property's value (an HTTP date), undefined when it is none. */
export function propertyTime(value: string): string | undefined {
  const ms = Date.parse(value.trim())
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined
}
