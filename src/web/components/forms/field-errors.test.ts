import { describe, expect, it } from 'vitest'
import { signUpSchema } from '../../../shared/contract/accounts'
import { ApiError } from '../../lib/api-error'
import { hasErrors, issuesToFieldErrors, serverFieldErrors } from './field-errors'

describe('issuesToFieldErrors', () => {
  it('keeps the first message per field of the shared sign-up schema', () => {
    const result = signUpSchema.safeParse({
      account_type: 'corporate',
      first_name: ' ',
      last_name: 'Hopper',
      email: 'not-an-address',
      password: 'short',
    })
    expect(result.success).toBe(false)
    const errors = issuesToFieldErrors(result.error!.issues)
    expect(errors).toEqual({
      first_name: 'Enter your first name',
      email: 'Enter a valid e-mail address',
      password: 'Use at least 8 characters',
      business_name: 'Enter your business name',
      industry: 'Enter your industry',
    })
  })

  it('puts issues about the whole form under _form', () => {
    expect(
      issuesToFieldErrors([{ code: 'custom', path: [], message: 'Nothing to change', input: {} }]),
    ).toEqual({
      _form: 'Nothing to change',
    })
  })
})

describe('serverFieldErrors', () => {
  it('strips the body. prefix and joins several messages', () => {
    const error = new ApiError({
      status: 422,
      code: 'validation_failed',
      title: 'Invalid request',
      fieldErrors: { 'body.password': ['Too common.', 'Too short.'], business_name: ['Needed'] },
    })
    expect(serverFieldErrors(error)).toEqual({ password: 'Too common. Too short.', business_name: 'Needed' })
  })

  it('is empty for anything that is not an API error with fields', () => {
    expect(serverFieldErrors(new Error('x'))).toEqual({})
    expect(serverFieldErrors(new ApiError({ status: 500, code: 'internal_error', title: 'x' }))).toEqual({})
  })
})

describe('hasErrors', () => {
  it('ignores empty entries', () => {
    expect(hasErrors({})).toBe(false)
    expect(hasErrors({ email: undefined })).toBe(false)
    expect(hasErrors({ email: 'Enter one' })).toBe(true)
  })
})
