// Thin route module: the page lives in features/shop.
export { ShopPage } from '../features/shop/shop-page'
