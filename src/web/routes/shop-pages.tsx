import type { RouteObject } from 'react-router'
import { catalogueQuery, productQuery, productTypesQuery } from '../features/shop/shop-api'
import { featuredQuery } from '../features/shop/storefront/featured-api'
import { SHOP_GRID } from '../features/shop/storefront/shop-state'
import { siteWordsQuery } from '../features/site/site-api'
import { routeHandle } from '../lib/route-prefetch'
import { listQueryParams, readTableState } from '../lib/url-state'

// The shop: the home page, the catalogue, a product, the cart and the staff product editor; then
// the payments: the checkout callback, the buyer's orders, the staff orders and customers.
// A part of the route table (route-table.tsx): every page is a chunk of its own, loaded when first visited.

export const shopPages: RouteObject[] = [
  {
    index: true,
    // The owner's words and featured products, so the page arrives written (decision 0141).
    handle: routeHandle({
      serverRendered: true,
      prefetch: ({ queryClient, api }) =>
        Promise.all([
          queryClient.prefetchQuery(siteWordsQuery(api)),
          queryClient.prefetchQuery(featuredQuery(api)),
        ]),
    }),
    lazy: () => import('../features/home/home-page').then((m) => ({ Component: m.HomePage })),
  },
  // The shop: catalogue, product page, cart, and product management for UploadProducts staff.
  {
    path: 'shop',
    // The grid's view comes from the URL, as the page reads it: page, sort, search and filters.
    handle: routeHandle({
      serverRendered: true,
      prefetch: ({ queryClient, api, url }) => {
        const query = listQueryParams(readTableState(url.searchParams, SHOP_GRID))
        return Promise.all([
          queryClient.prefetchQuery(catalogueQuery(query, api)),
          queryClient.prefetchQuery(productTypesQuery(api)),
          queryClient.prefetchQuery(siteWordsQuery(api)),
        ])
      },
    }),
    lazy: () => import('../features/shop/storefront/shop-page').then((m) => ({ Component: m.ShopPage })),
  },
  {
    path: 'shop/:id',
    handle: routeHandle({
      serverRendered: true,
      prefetch: ({ queryClient, api, params }) =>
        queryClient.prefetchQuery(productQuery(params.id ?? '', api)),
    }),
    lazy: () =>
      import('../features/shop/storefront/product-page').then((m) => ({ Component: m.ProductPage })),
  },
  {
    path: 'cart',
    lazy: () => import('../features/shop/cart/cart-page').then((m) => ({ Component: m.CartPage })),
  },
  {
    path: 'admin/products',
    lazy: () =>
      import('../features/shop/product-editor/products-table').then((m) => ({
        Component: m.ProductsTablePage,
      })),
  },
  {
    path: 'admin/products/new',
    lazy: () =>
      import('../features/shop/product-editor/product-editor-page').then((m) => ({
        Component: m.NewProductPage,
      })),
  },
  {
    path: 'admin/products/:id',
    lazy: () =>
      import('../features/shop/product-editor/product-editor-page').then((m) => ({
        Component: m.EditProductPage,
      })),
  },
  // Shop payments: the checkout callback, the buyer's orders, the staff orders and customers.
  {
    path: 'shop/checkout/callback',
    lazy: () =>
      import('../features/shop/checkout/checkout-callback-page').then((m) => ({
        Component: m.CheckoutCallbackPage,
      })),
  },
  {
    path: 'account/orders',
    lazy: () => import('../features/shop/orders/my-orders-page').then((m) => ({ Component: m.MyOrdersPage })),
  },
  {
    path: 'account/requests',
    lazy: () =>
      import('../features/inbox/my-requests/my-requests-page').then((m) => ({
        Component: m.MyRequestsPage,
      })),
  },
  {
    path: 'account/requests/:kind/:id',
    lazy: () =>
      import('../features/inbox/my-requests/my-requests-page').then((m) => ({
        Component: m.MyRequestPage,
      })),
  },
  {
    path: 'account/orders/:id',
    lazy: () => import('../features/shop/orders/order-page').then((m) => ({ Component: m.OrderPage })),
  },
]
