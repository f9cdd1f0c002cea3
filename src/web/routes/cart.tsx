// Thin route module: the page lives in features/shop.
export { CartPage } from '../features/shop/cart-page'
