import { describe, expect, it } from 'vitest'
import { SIGN_IN_ERROR_CODES } from '../../../../shared/contract/accounts'
import { signInProblem } from './sign-in-messages'

describe('signInProblem', () => {
  it('has nothing to say without an error', () => {
    expect(signInProblem(null)).toBeUndefined()
    expect(signInProblem('')).toBeUndefined()
  })

  it('has a distinct message for every code the server sends', () => {
    const titles = SIGN_IN_ERROR_CODES.map((code) => signInProblem('CredentialsSignin', code)?.title)
    expect(titles.every(Boolean)).toBe(true)
    expect(new Set(titles).size).toBe(SIGN_IN_ERROR_CODES.length)
  })

  it('says the same for a wrong password and an unknown e-mail, and offers the reset', () => {
    const wrong = signInProblem('CredentialsSignin', 'invalid_credentials')
    expect(wrong).toEqual(signInProblem('CredentialsSignin', 'credentials'))
    expect(wrong).toEqual(signInProblem('CredentialsSignin'))
    expect(wrong?.title).toBe('Wrong e-mail or password')
    expect(wrong?.offerReset).toBe(true)
    expect(wrong?.offerResend).toBeUndefined()
  })

  it('offers a new verification link only for an unconfirmed address', () => {
    expect(signInProblem('CredentialsSignin', 'email_not_verified')?.offerResend).toBe(true)
    for (const code of ['invalid_credentials', 'restricted', 'rate_limited'])
      expect(signInProblem('CredentialsSignin', code)?.offerResend).toBeUndefined()
  })

  it('says an account is suspended whichever way it signed in', () => {
    expect(signInProblem('AccessDenied', 'restricted')?.title).toBe('This account is suspended')
    expect(signInProblem('CredentialsSignin', 'restricted')?.title).toBe('This account is suspended')
  })

  it('explains provider failures and unknown errors without jargon', () => {
    expect(signInProblem('OAuthAccountNotLinked')?.detail).toMatch(/connect the provider from your profile/)
    expect(signInProblem('OAuthCallbackError')?.title).toBe('Sign-in did not finish')
    expect(signInProblem('Configuration')?.title).toBe('Sign-in is not available right now')
    expect(signInProblem('SomethingNew')?.title).toBe('Sign-in is not available right now')
  })

  it('ignores a code it does not know, or one inherited from Object', () => {
    expect(signInProblem('CredentialsSignin', 'toString')?.title).toBe('Wrong e-mail or password')
  })
})
