// Thin route module: the page lives in features/shop/orders.
export { OrderPage as MyOrderPage } from '../features/shop/orders/order-page'
