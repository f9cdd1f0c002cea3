import { FolderOpen } from 'lucide-react'
import { ListingSkeleton } from '../features/files/listing/listing-states'
import { SignedInOnly, type SignInPrompt } from './signed-in-only'

// The file manager's pages sit behind this guard; it loads with them, not with every page.

const FILES_SIGN_IN: SignInPrompt = {
  area: 'Files',
  description: 'Folders shared with you and by you: upload, preview and download files.',
  icon: FolderOpen,
  title: 'Sign in to see your files',
}

export function FilesGuard() {
  return <SignedInOnly prompt={FILES_SIGN_IN} loading={<ListingSkeleton />} />
}
