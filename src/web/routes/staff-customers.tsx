// Thin route module: the page lives in features/shop/customers.
export { StaffCustomersPage } from '../features/shop/customers/staff-customers-page'
