// Thin route module: the page lives in features/shop.
export { ProductsTablePage as AdminProductsPage } from '../features/shop/products-table'
