// Thin route module: the page lives in features/shop/customers.
export { StaffCustomerPage } from '../features/shop/customers/staff-customer-page'
