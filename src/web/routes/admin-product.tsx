// Thin route modules: the pages live in features/shop.
export {
  EditProductPage as AdminProductPage,
  NewProductPage as AdminNewProductPage,
} from '../features/shop/product-editor-page'
