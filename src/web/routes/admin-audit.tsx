// Thin route module: the page lives in features/admin.
export { AuditPage as AdminAuditPage } from '../features/admin/audit-page'
