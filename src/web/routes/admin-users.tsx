// Thin route module: the page lives in features/admin.
export { UsersPage as AdminUsersPage } from '../features/admin/users-page'
