import type { PermissionType } from '../../../../shared/enums'

/** How the share dialog names each access level, in its pickers and its list of who has access. */
export const LEVEL_LABEL: Record<PermissionType, string> = {
  viewer: 'Viewer',
  editor: 'Editor',
  administrator: 'Administrator',
}
