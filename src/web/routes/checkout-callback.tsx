// Thin route module: the page lives in features/shop/checkout.
export { CheckoutCallbackPage } from '../features/shop/checkout/checkout-callback-page'
