import { createHash, randomBytes } from 'node:crypto'
import { expectStatus, type HttpClient, json } from './http-client'
import type { Recorder } from './recorder'
import type { Person } from './seed-load'
import type { Credentials } from './user-session'

// One signed-in user's loop, as someone working in the file manager: open their folders, upload a
// small file with tus (its bytes in the creation request, as the web app sends a file up to
// ONE_REQUEST_BYTES), download it and check its SHA-256, rename it, find it by name, trash it, open
// the trash and restore it, read their notifications. Half the files go to a team folder five users
// share as editors, so the others are notified (on their live streams) of each upload; every other
// file of the user's own folder is then trashed again and deleted for good from the trash, so blobs
// are deleted under load too. Each step is one thing the user does and waits for, timed on its own.

export interface UserPlace {
  person: Person
  index: number
  credentials: Credentials
  homeId: string
  teamId: string
}

export interface LoopControl {
  running(): boolean
  think(): Promise<void>
}

/** Rounds after which a user's steps repeat: home or team every 2, mark all read every 3, delete for good every 4. */
const CYCLE = 12

const json_ = (body: unknown) => Buffer.from(JSON.stringify(body))
const b64 = (s: string) => Buffer.from(s).toString('base64')
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** Makes the user's own folder; the team's first member makes the team's and grants the others. */
export async function makeFolders(
  client: HttpClient,
  credentials: Credentials,
  name: string,
): Promise<string> {
  const created = await client.send(
    'POST',
    '/api/folders',
    { ...credentials.write, 'Content-Type': 'application/json' },
    json_({ folder_name: name }),
  )
  return json<{ id: string }>(expectStatus(created, 201, 'POST /api/folders')).id
}

export async function grantEditor(
  client: HttpClient,
  credentials: Credentials,
  folderId: string,
  userId: string,
): Promise<void> {
  const granted = await client.send(
    'PUT',
    `/api/folders/${folderId}/permissions/${userId}`,
    { ...credentials.write, 'Content-Type': 'application/json' },
    json_({ permissionType: 'editor' }),
  )
  expectStatus(granted, 200, 'PUT /api/folders/:id/permissions/:userId')
}

export async function userLoop(
  client: HttpClient,
  recorder: Recorder,
  place: UserPlace,
  control: LoopControl,
): Promise<void> {
  const { read, write } = place.credentials
  const jsonWrite = { ...write, 'Content-Type': 'application/json' }
  // Each user starts at its own point of the cycle the round number drives (home or team folder,
  // "mark all read" every third round, delete for good every fourth), as people working on their own
  // would: started in step, every user would be in a shared folder in the same rounds, and the load
  // would come in waves, twice the average at their crest, instead of at the pace it is set to.
  for (let round = place.index % CYCLE; control.running(); round++) {
    const folderId = round % 2 === 0 ? place.homeId : place.teamId
    const listed = await recorder.time('list folders', async () => {
      expectStatus(await client.send('GET', '/api/folders?view=mine', read), 200, 'GET /api/folders')
      expectStatus(
        await client.send('GET', `/api/folders/${folderId}/children`, read),
        200,
        'GET /api/folders/:id/children',
      )
      return true
    })
    if (listed === undefined) {
      await control.think()
      continue
    }
    await control.think()

    // 1–64 KiB of random bytes, so a wrong byte anywhere shows in the hash.
    const content = randomBytes(1024 + Math.floor(Math.random() * 63 * 1024))
    const name = `u${place.index}-r${round}-${randomBytes(4).toString('hex')}.bin`
    const fileId = await recorder.time('upload (tus)', async () => {
      const created = expectStatus(
        await client.send(
          'POST',
          '/api/uploads',
          {
            ...write,
            'Tus-Resumable': '1.0.0',
            'Upload-Length': String(content.length),
            'Upload-Metadata': `filename ${b64(name)},folder_id ${b64(folderId)}`,
            'Content-Type': 'application/offset+octet-stream',
          },
          content,
        ),
        201,
        'POST /api/uploads',
      )
      const id = created.headers['depot-file-id']
      if (typeof id !== 'string') throw new Error('POST /api/uploads: no Depot-File-Id')
      return id
    })
    if (fileId === undefined) {
      await control.think()
      continue
    }
    await control.think()

    const downloaded = await recorder.time('download', async () =>
      expectStatus(
        await client.send('GET', `/api/files/${fileId}/download`, read),
        200,
        'GET /api/files/:id/download',
      ),
    )
    if (downloaded && sha256(downloaded.body) !== sha256(content))
      recorder.wrong('download', `${fileId}: ${downloaded.body.length} bytes, ${content.length} uploaded`)
    else if (downloaded) recorder.verifiedDownloads++
    await control.think()

    const renamed = `renamed-${name}`
    const ok = await recorder.time('rename', async () =>
      expectStatus(
        await client.send('PATCH', `/api/files/${fileId}`, jsonWrite, json_({ filename: renamed })),
        200,
        'PATCH /api/files/:id',
      ),
    )
    if (ok === undefined) {
      await control.think()
      continue
    }
    await control.think()

    await recorder.time('search by name', async () => {
      const found = expectStatus(
        await client.send('GET', `/api/items/search?q=${encodeURIComponent(renamed)}`, read),
        200,
        'GET /api/items/search',
      )
      const files = json<{ files: { id: string }[] }>(found).files
      if (!files.some((f) => f.id === fileId)) throw new Error(`search for ${renamed} did not find it`)
    })
    await control.think()

    const trashed = await recorder.time('trash', async () =>
      expectStatus(await client.send('DELETE', `/api/files/${fileId}`, write), 200, 'DELETE /api/files/:id'),
    )
    if (trashed === undefined) {
      await control.think()
      continue
    }
    await control.think()

    const entryId = await findInTrash(client, recorder, read, renamed, fileId)
    if (entryId === undefined) {
      await control.think()
      continue
    }
    await control.think()

    const restored = await recorder.time('restore', async () =>
      expectStatus(
        await client.send('POST', `/api/trash/${entryId}/restore`, jsonWrite, json_({})),
        200,
        'POST /api/trash/:id/restore',
      ),
    )
    if (restored === undefined) {
      await control.think()
      continue
    }
    await control.think()

    await recorder.time('read notifications', async () => {
      expectStatus(await client.send('GET', '/api/notifications', read), 200, 'GET /api/notifications')
      if (round % 3 === 2)
        expectStatus(
          await client.send('POST', '/api/notifications/read-all', write),
          200,
          'POST /api/notifications/read-all',
        )
    })
    await control.think()

    // In the user's own folder (even rounds), where they are an administrator: an editor of the team
    // folder may trash, but only its administrators delete for good.
    if (round % 4 === 2) {
      const again = await recorder.time('trash', async () =>
        expectStatus(
          await client.send('DELETE', `/api/files/${fileId}`, write),
          200,
          'DELETE /api/files/:id',
        ),
      )
      await control.think()
      const gone = again && (await findInTrash(client, recorder, read, renamed, fileId))
      if (gone === undefined) continue
      await control.think()
      await recorder.time('delete for good', async () =>
        expectStatus(await client.send('DELETE', `/api/trash/${gone}`, write), 200, 'DELETE /api/trash/:id'),
      )
      await control.think()
    }
  }
}

/** Opens the trash at the file's name, as the trash page's search does; answers its entry's id. */
function findInTrash(
  client: HttpClient,
  recorder: Recorder,
  read: Record<string, string>,
  name: string,
  fileId: string,
): Promise<string | undefined> {
  return recorder.time('open the trash', async () => {
    const listed = expectStatus(
      await client.send('GET', `/api/trash?mine=true&q=${encodeURIComponent(name)}`, read),
      200,
      'GET /api/trash',
    )
    const entry = json<{ items: { id: string; item_id: string }[] }>(listed).items.find(
      (e) => e.item_id === fileId,
    )
    if (!entry) throw new Error(`the trash list did not show ${name}`)
    return entry.id
  })
}
