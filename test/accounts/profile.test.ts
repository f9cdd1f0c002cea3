import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { meSchema } from '../../src/shared/contract/accounts'
import { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { createTestApp, TEST_ORIGIN } from '../support/test-app'
import { call } from '../support/typed-client'

const putAvatar = (client: CookieClient, body: Buffer, type = 'image/png') =>
  client.request('/api/me/avatar', {
    method: 'PUT',
    headers: { Origin: TEST_ORIGIN, 'Content-Type': type },
    body: new Uint8Array(body),
  })

describe('profile', () => {
  it('changes names and keeps `name` in step', async () => {
    const t = await createTestApp()
    const { client } = await signedIn(t)
    const res = await call(client, 'PATCH', '/api/me', { first_name: 'Augusta', last_name: 'King' }, 200)
    expect(res).toMatchObject({
      first_name: 'Augusta',
      last_name: 'King',
      name: 'Augusta King',
      hasPassword: true,
    })
  })

  it('keeps a corporate account’s business details required, and refuses line breaks', async () => {
    const t = await createTestApp()
    const { client } = await signedIn(t, {
      account_type: 'corporate',
      business_name: 'Acme',
      industry: 'Retail',
    })
    const cleared = await call(client, 'PATCH', '/api/me', { business_name: '' }, 422)
    expect(cleared.errors).toEqual({
      business_name: ['A corporate account needs a business name'],
    })
    await call(client, 'PATCH', '/api/me', { first_name: 'Ada\nBcc: x@evil.example' }, 422)
    await call(client, 'PATCH', '/api/me', {}, 422)
  })
})

describe('GET /api/me', () => {
  it('says whether the address is verified and which identity providers are linked', async () => {
    const t = await createTestApp()
    const { client, ...user } = await signedIn(t)
    const before = await call(client, 'GET', '/api/me')
    expect(meSchema.parse(before)).toMatchObject({
      id: user.id,
      emailVerified: user.emailVerified,
      hasPassword: true,
      providers: [],
    })

    const now = new Date().toISOString()
    const link = (provider: string) => ({
      userId: user.id,
      type: 'oidc',
      provider,
      providerAccountId: `${provider}-${user.id}`,
      refresh_token: null,
      access_token: null,
      expires_at: null,
      token_type: null,
      scope: null,
      id_token: null,
      session_state: null,
      createdAt: now,
      updatedAt: now,
    })
    await t.database.db
      .insertInto('accounts')
      .values([link('oidc'), link('google')])
      .execute()
    const after = await call(client, 'GET', '/api/me')
    expect(after.providers).toEqual(['google', 'oidc'])
  })

  it('shows a password-less account (made through a provider) as such', async () => {
    const t = await createTestApp()
    const { client, ...user } = await signedIn(t)
    await t.database.db.updateTable('users').set({ password: null }).where('id', '=', user.id).execute()
    const me = await call(client, 'GET', '/api/me')
    expect(me).toMatchObject({ hasPassword: false, providers: [] })
  })
})

describe('avatar', () => {
  it('stores any image as a 256×256 WebP without its metadata, and serves it to signed-in users', async () => {
    const t = await createTestApp()
    const { client, ...user } = await signedIn(t)
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer()
    const res = await putAvatar(client, photo, 'image/jpeg')
    expect(res.status).toBe(200)
    const { image } = await res.json()
    expect(image).toMatch(new RegExp(`^/api/users/${user.id}/avatar\\?v=\\d+$`))
    expect((await call(client, 'GET', '/api/me')).image).toBe(image)

    const { client: other } = await signedIn(t)
    const served = await other.request(image)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    const bytes = Buffer.from(await served.arrayBuffer())
    const meta = await sharp(bytes).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })
    expect(meta.exif).toBeUndefined()
    expect(bytes.toString('latin1')).not.toContain('secret-camera-owner')

    const etag = served.headers.get('etag')!
    expect((await other.request(image, { headers: { 'If-None-Match': etag } })).status).toBe(304)
    expect((await new CookieClient(t.app).request(image)).status).toBe(401)
  })

  it('refuses what is not an image, the wrong type and files over 5 MB', async () => {
    const t = await createTestApp()
    const { client } = await signedIn(t)
    const notImage = await putAvatar(client, Buffer.from('<svg onload="alert(1)"></svg>'))
    expect(notImage.status).toBe(422)
    expect((await notImage.json()).errors.image[0]).toMatch(/not an image we can read/)
    expect((await putAvatar(client, Buffer.from('<svg/>'), 'image/svg+xml')).status).toBe(415)
    expect((await putAvatar(client, Buffer.alloc(5 * 1024 * 1024 + 1, 1))).status).toBe(413)
  })

  it('reads the media type in any case, as HTTP defines it', async () => {
    const t = await createTestApp()
    const { client } = await signedIn(t)
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#000' } })
      .png()
      .toBuffer()
    expect((await putAvatar(client, png, 'Image/PNG; charset=binary')).status).toBe(200)
    expect((await putAvatar(client, png, 'IMAGE/SVG+XML')).status).toBe(415)
  })

  it('removes the picture', async () => {
    const t = await createTestApp()
    const { client, ...user } = await signedIn(t)
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#000' } })
      .png()
      .toBuffer()
    const { image } = await (await putAvatar(client, png)).json()
    await call(client, 'DELETE', '/api/me/avatar', undefined, 204)
    expect((await client.request(image)).status).toBe(404)
    expect((await call(client, 'GET', '/api/me')).image).toBeNull()
    expect((await client.request(`/api/users/${user.id}/avatar`)).status).toBe(404)
  })
})
