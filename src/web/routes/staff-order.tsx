// Thin route module: the page lives in features/shop/orders.
export { StaffOrderPage } from '../features/shop/orders/staff-order-page'
