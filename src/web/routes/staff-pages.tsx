import type { RouteObject } from 'react-router'

// The admin pages (site identity, audit log, security, users) and the staff dashboard.
// A part of the route table (route-table.tsx): every page is a chunk of its own, loaded when first visited.

export const staffPages: RouteObject[] = [
  // Admin: the site identity, the audit log, security settings, users and one user's page.
  {
    path: 'admin/site',
    lazy: () =>
      import('../features/site/site-identity-page').then((m) => ({ Component: m.SiteIdentityPage })),
  },
  {
    path: 'admin/audit',
    lazy: () => import('../features/admin/audit/audit-page').then((m) => ({ Component: m.AuditPage })),
  },
  {
    path: 'admin/security',
    lazy: () =>
      import('../features/admin/security-settings-page').then((m) => ({
        Component: m.SecuritySettingsPage,
      })),
  },
  {
    path: 'admin/users',
    lazy: () => import('../features/admin/users-page').then((m) => ({ Component: m.UsersPage })),
  },
  {
    path: 'admin/users/:id',
    lazy: () => import('../features/admin/user-page').then((m) => ({ Component: m.UserPage })),
  },
  // The dashboard: the first page staff and admins see after signing in. Its charts load with it.
  {
    path: 'staff/dashboard',
    lazy: () => import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: 'staff/orders',
    lazy: () =>
      import('../features/shop/orders/staff-orders-page').then((m) => ({
        Component: m.StaffOrdersPage,
      })),
  },
  {
    path: 'staff/orders/:id',
    lazy: () =>
      import('../features/shop/orders/staff-order-page').then((m) => ({
        Component: m.StaffOrderPage,
      })),
  },
  {
    path: 'staff/customers',
    lazy: () =>
      import('../features/shop/customers/staff-customers-page').then((m) => ({
        Component: m.StaffCustomersPage,
      })),
  },
  {
    path: 'staff/discounts',
    lazy: () =>
      import('../features/shop/discounts/staff-discounts-page').then((m) => ({
        Component: m.StaffDiscountsPage,
      })),
  },
  {
    path: 'staff/customers/:id',
    lazy: () =>
      import('../features/shop/customers/staff-customer-page').then((m) => ({
        Component: m.StaffCustomerPage,
      })),
  },
]
