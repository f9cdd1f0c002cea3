import { describe, expect, it } from 'vitest'
import { readAuthRedirect, safeCallbackPath, signInPath } from './auth-redirect'

describe('safeCallbackPath', () => {
  it('keeps a path on this site with its query and fragment', () => {
    expect(safeCallbackPath('/files?folder=1#top')).toBe('/files?folder=1#top')
    expect(safeCallbackPath('/profile')).toBe('/profile')
  })

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash trick', '/\\evil.example'],
    ['a tab that parsers drop', '/\t/evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'files'],
    ['nothing', ''],
    ['null', null],
  ])('refuses %s', (_what, raw) => {
    expect(safeCallbackPath(raw)).toBe('/')
    expect(safeCallbackPath(raw, '/profile')).toBe('/profile')
  })

  it('never returns to the sign-in pages themselves', () => {
    expect(safeCallbackPath('/sign-in?callbackUrl=/x')).toBe('/')
    expect(safeCallbackPath('/verify-email?token=abc')).toBe('/')
    expect(safeCallbackPath('/sign-up')).toBe('/')
    expect(safeCallbackPath('/sign-insider')).toBe('/sign-insider')
  })
})

describe('signInPath', () => {
  it('carries where to come back to, except home', () => {
    expect(signInPath('/profile')).toBe('/sign-in?callbackUrl=%2Fprofile')
    expect(signInPath('/files?a=1&b=2')).toBe('/sign-in?callbackUrl=%2Ffiles%3Fa%3D1%26b%3D2')
    expect(signInPath('/')).toBe('/sign-in')
    expect(signInPath()).toBe('/sign-in')
    expect(signInPath('https://evil.example')).toBe('/sign-in')
  })
})

describe('readAuthRedirect', () => {
  const origin = 'http://127.0.0.1:4000'

  it('reads a refusal with its code', () => {
    expect(
      readAuthRedirect(`${origin}/sign-in?error=CredentialsSignin&code=email_not_verified`, origin),
    ).toEqual({
      kind: 'error',
      error: 'CredentialsSignin',
      code: 'email_not_verified',
    })
    expect(readAuthRedirect(`${origin}/sign-in?error=OAuthAccountNotLinked`, origin)).toEqual({
      kind: 'error',
      error: 'OAuthAccountNotLinked',
      code: undefined,
    })
  })

  it('reads a success as the path to go to', () => {
    expect(readAuthRedirect(`${origin}/profile?tab=1`, origin)).toEqual({
      kind: 'signed-in',
      path: '/profile?tab=1',
    })
    expect(readAuthRedirect('/files', origin)).toEqual({ kind: 'signed-in', path: '/files' })
  })

  it('sends the browser on to an identity provider on another origin', () => {
    const url = 'http://127.0.0.1:5000/auth?client_id=depot&state=s'
    expect(readAuthRedirect(url, origin)).toEqual({ kind: 'redirect', url })
  })
})
