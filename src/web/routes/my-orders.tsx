// Thin route module: the page lives in features/shop/orders.
export { MyOrdersPage } from '../features/shop/orders/my-orders-page'
