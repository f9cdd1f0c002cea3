// Thin route module: the page lives in features/shop/orders.
export { StaffOrdersPage } from '../features/shop/orders/staff-orders-page'
