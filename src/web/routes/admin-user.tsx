// Thin route module: the page lives in features/admin.
export { UserPage as AdminUserPage } from '../features/admin/user-page'
