import { describe, expect, it } from 'vitest'
import { canSeeDashboard, landingPath } from './dashboard-access'

describe('who lands on the dashboard after signing in', () => {
  it('admins and staff who look after the shop, the inbox or the files; nobody else', () => {
    expect(canSeeDashboard({ role: 'admin', staffFunctions: [] })).toBe(true)
    expect(canSeeDashboard({ role: 'staff', staffFunctions: ['AccessShop'] })).toBe(true)
    expect(canSeeDashboard({ role: 'staff', staffFunctions: ['ManageFeedback'] })).toBe(true)
    expect(canSeeDashboard({ role: 'staff', staffFunctions: ['ManageFolders'] })).toBe(true)
    expect(canSeeDashboard({ role: 'staff', staffFunctions: ['UploadProducts'] })).toBe(false)
    expect(canSeeDashboard({ role: 'user', staffFunctions: ['AccessShop'] })).toBe(false)
    expect(canSeeDashboard(null)).toBe(false)
  })

  it('goes to the dashboard only when no page asked to be returned to', () => {
    const admin = { role: 'admin' as const, staffFunctions: [] }
    expect(landingPath('/', false, admin)).toBe('/staff/dashboard')
    expect(landingPath('/', true, admin)).toBe('/')
    expect(landingPath('/profile', true, admin)).toBe('/profile')
    expect(landingPath('/', false, { role: 'user', staffFunctions: [] })).toBe('/')
  })
})
