import { describe, expect, it } from 'vitest'
import { accessChange, orderedFunctions, toggleFunction } from './access-change'

describe('accessChange', () => {
  it('is null when the form is as saved', () => {
    expect(
      accessChange({ role: 'user', staffFunctions: [] }, { role: 'user', staffFunctions: [] }),
    ).toBeNull()
    expect(
      accessChange(
        { role: 'staff', staffFunctions: ['AccessShop', 'ManageFolders'] },
        { role: 'staff', staffFunctions: ['ManageFolders', 'AccessShop'] },
      ),
    ).toBeNull()
  })

  it('sends a new role alone for users and admins (they hold no functions of their own)', () => {
    expect(accessChange({ role: 'user', staffFunctions: [] }, { role: 'admin', staffFunctions: [] })).toEqual(
      {
        role: 'admin',
      },
    )
    expect(
      accessChange(
        { role: 'staff', staffFunctions: ['AccessShop'] },
        { role: 'user', staffFunctions: ['AccessShop'] },
      ),
    ).toEqual({ role: 'user' })
  })

  it('sends the functions with a move to staff, even none', () => {
    expect(accessChange({ role: 'user', staffFunctions: [] }, { role: 'staff', staffFunctions: [] })).toEqual(
      {
        role: 'staff',
        staffFunctions: [],
      },
    )
    expect(
      accessChange(
        { role: 'admin', staffFunctions: [] },
        { role: 'staff', staffFunctions: ['UploadProducts', 'ManageFolders'] },
      ),
    ).toEqual({ role: 'staff', staffFunctions: ['ManageFolders', 'UploadProducts'] })
  })

  it('sends only the functions when a staff member keeps their role', () => {
    expect(
      accessChange(
        { role: 'staff', staffFunctions: ['AccessShop'] },
        { role: 'staff', staffFunctions: ['AccessShop', 'ManageFeedback'] },
      ),
    ).toEqual({ staffFunctions: ['AccessShop', 'ManageFeedback'] })
  })
})

describe('staff function lists', () => {
  it('orders functions as the specification lists them, without repeats', () => {
    expect(orderedFunctions(['ManageFeedback', 'ManageFolders', 'ManageFeedback'])).toEqual([
      'ManageFolders',
      'ManageFeedback',
    ])
  })

  it('ticks and unticks one function', () => {
    const form = { role: 'staff' as const, staffFunctions: ['AccessShop' as const] }
    expect(toggleFunction(form, 'ManageFolders', true).staffFunctions).toEqual([
      'ManageFolders',
      'AccessShop',
    ])
    expect(toggleFunction(form, 'AccessShop', false).staffFunctions).toEqual([])
    expect(toggleFunction(form, 'AccessShop', true).staffFunctions).toEqual(['AccessShop'])
  })
})
