import { describe, expect, it } from 'vitest'
import { avatarSrc, initialsOf } from './user-display'

describe('initialsOf', () => {
  it('takes the first and last word', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL')
    expect(initialsOf('  grace brewster murray hopper ')).toBe('GH')
    expect(initialsOf('Cher')).toBe('C')
  })

  it('keeps letters outside the BMP whole', () => {
    expect(initialsOf('𝒜da Ōno')).toBe('𝒜Ō')
  })

  it('falls back to the e-mail, then to a question mark', () => {
    expect(initialsOf('', 'zoe@example.com')).toBe('Z')
    expect(initialsOf(null, null)).toBe('?')
  })
})

describe('avatarSrc', () => {
  it('keeps our own avatar paths', () => {
    expect(avatarSrc('/api/users/0197/avatar?v=1')).toBe('/api/users/0197/avatar?v=1')
  })

  it('refuses pictures from other sites', () => {
    expect(avatarSrc('https://idp.example.com/grace.png')).toBeUndefined()
    expect(avatarSrc('//idp.example.com/grace.png')).toBeUndefined()
    expect(avatarSrc('/\\idp.example.com')).toBeUndefined()
    expect(avatarSrc(null)).toBeUndefined()
    expect(avatarSrc('')).toBeUndefined()
  })
})
