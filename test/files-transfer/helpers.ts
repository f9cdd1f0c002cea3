import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { sql } from 'kysely'
import type { Person } from '../support/people'
import { TEST_ORIGIN, type TestApp } from '../support/test-app'

// Helpers for the upload/download suites: people with folder grants, the tus conversation over the
// test client (app.request) or over a real socket on loopback, where resumption after a cut matters.

export const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')

export function metadataHeader(meta: Record<string, string>): string {
  return Object.entries(meta)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',')
}

export const tusBase = { 'Tus-Resumable': '1.0.0', Origin: TEST_ORIGIN }

export async function createUpload(person: Person, length: number, meta: Record<string, string>) {
  return person.client.request('/api/uploads', {
    method: 'POST',
    headers: { ...tusBase, 'Upload-Length': String(length), 'Upload-Metadata': metadataHeader(meta) },
  })
}

export async function patchUpload(person: Person, location: string, offset: number, bytes: Uint8Array) {
  return person.client.request(location, {
    method: 'PATCH',
    headers: {
      ...tusBase,
      'Content-Type': 'application/offset+octet-stream',
      'Upload-Offset': String(offset),
    },
    body: bytes as BodyInit,
  })
}

/** Uploads `bytes` in chunks of `chunk`; returns the id of the file made (Depot-File-Id). */
export async function uploadFile(
  person: Person,
  folderId: string,
  filename: string,
  bytes: Uint8Array,
  chunk = 1 << 20,
  extra: Record<string, string> = {},
): Promise<string> {
  const created = await createUpload(person, bytes.length, { filename, folder_id: folderId, ...extra })
  if (created.status !== 201) throw new Error(`create → ${created.status}: ${await created.text()}`)
  const location = created.headers.get('location')!
  // A zero-byte upload is complete at creation: the POST already made the file.
  let fileId = created.headers.get('depot-file-id')
  if (bytes.length === 0) {
    if (!fileId) throw new Error('the creation of an empty upload named no file')
    return fileId
  }
  let offset = 0
  do {
    const part = bytes.subarray(offset, Math.min(bytes.length, offset + chunk))
    const res = await patchUpload(person, location, offset, part)
    if (res.status !== 204) throw new Error(`patch → ${res.status}: ${await res.text()}`)
    offset = Number(res.headers.get('upload-offset'))
    fileId = res.headers.get('depot-file-id')
  } while (offset < bytes.length)
  if (!fileId) throw new Error('the last PATCH named no file')
  return fileId
}

/** The real app on a loopback socket (c.env.incoming is the Node request, as in production). */
export async function listen(t: TestApp): Promise<{ url: string; close(): Promise<void> }> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Where the disk driver stages an upload's bytes: under the shared blob root (DATA_DIR/blobs/staging),
 * named by the blob key the session will commit under.
 */
export async function stagingFileOf(t: TestApp, uploadId: string): Promise<string> {
  const { blob_key } = await t.database.db
    .selectFrom('upload_sessions')
    .select('blob_key')
    .where('id', '=', uploadId)
    .executeTakeFirstOrThrow()
  return path.join(t.deps.env.dataDir, 'blobs', 'staging', `${blob_key}.part`)
}

/**
 * A fault the database raises while a file row is inserted, for names starting `fault-` only: the
 * bytes of an upload are stored, and the transaction that lands them fails.
 */
export async function injectFileInsertFault(t: TestApp): Promise<void> {
  if (t.database.dialect === 'postgres') {
    await sql`create function inject_fault() returns trigger language plpgsql as $$
      begin
        if new.filename like 'fault-%' then raise exception 'injected fault'; end if;
        return new;
      end $$`.execute(t.database.db)
    await sql`create trigger inject_fault before insert on files
      for each row execute function inject_fault()`.execute(t.database.db)
  } else {
    await sql`create trigger inject_fault before insert on files when new.filename like 'fault-%'
      begin select raise(abort, 'injected fault'); end`.execute(t.database.db)
  }
}

export async function removeFileInsertFault(t: TestApp): Promise<void> {
  if (t.database.dialect === 'postgres') {
    await sql`drop trigger inject_fault on files`.execute(t.database.db)
    await sql`drop function inject_fault()`.execute(t.database.db)
  } else {
    await sql`drop trigger inject_fault`.execute(t.database.db)
  }
}
