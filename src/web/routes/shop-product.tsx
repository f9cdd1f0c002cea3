// Thin route module: the page lives in features/shop.
export { ProductPage as ShopProductPage } from '../features/shop/product-page'
