import { describe, expect, it } from 'vitest'
import type { StaffFunction } from '../../../shared/enums'
import { accountLinks } from './account-links'

const labels = (role: 'user' | 'staff' | 'admin', staffFunctions: StaffFunction[] = []) =>
  accountLinks({ role, staffFunctions }).map((l) => l.label)

describe('accountLinks', () => {
  it('offers a user only their own pages', () => {
    expect(labels('user')).toEqual(['Profile', 'Your orders', 'My requests'])
  })

  it('adds each staff function’s page, and nothing of the others', () => {
    expect(labels('staff', ['AccessShop'])).toEqual([
      'Profile',
      'Your orders',
      'My requests',
      'Dashboard',
      'Shop orders',
      'Customers',
      'Discount codes',
    ])
    expect(labels('staff', ['UploadProducts'])).toEqual(['Profile', 'Your orders', 'My requests', 'Products'])
    expect(labels('staff', ['ManageFeedback'])).toEqual([
      'Profile',
      'Your orders',
      'My requests',
      'Dashboard',
      'Inbox',
    ])
    expect(labels('staff', ['ManageFolders'])).toEqual(['Profile', 'Your orders', 'My requests', 'Dashboard'])
  })

  it('gives admins every page, the admin-only ones included', () => {
    expect(labels('admin')).toEqual([
      'Profile',
      'Your orders',
      'My requests',
      'Dashboard',
      'Shop orders',
      'Customers',
      'Discount codes',
      'Products',
      'Inbox',
      'Inbox settings',
      'Privacy requests',
      'Users',
      'Site identity',
      'Audit log',
      'Security settings',
    ])
  })

  it('does not treat a user holding stale function names as staff', () => {
    expect(labels('user', ['AccessShop', 'ManageFeedback'])).toEqual([
      'Profile',
      'Your orders',
      'My requests',
    ])
  })
})
