// Thin route module: the page lives in features/site.
export { SiteIdentityPage } from '../features/site/site-identity-page'
