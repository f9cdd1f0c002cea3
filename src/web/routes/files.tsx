import { FolderOpen } from 'lucide-react'
import { ComingSoon } from '../components/layout/coming-soon'

export function FilesPage() {
  return (
    <ComingSoon
      title="Files"
      icon={FolderOpen}
      description="Folders shared with you and by you: upload, preview and download files in one place."
    />
  )
}
