import { FolderOpen, type LucideIcon, Mail, ShoppingBag } from 'lucide-react'

export interface NavItem {
  to: string
  label: string
  icon: LucideIcon
  /** One line on what the area is for (home page cards). */
  summary: string
}

/** The product's main areas, in the order the header, footer and home page show them. */
export const AREAS: readonly NavItem[] = [
  {
    to: '/shop',
    label: 'Shop',
    icon: ShoppingBag,
    summary: 'E-books, templates and courses. Pay securely and get your download straight away.',
  },
  {
    to: '/files',
    label: 'Files',
    icon: FolderOpen,
    summary: 'Folders we share with you, and yours to share with us: upload, preview and download.',
  },
  {
    to: '/contact',
    label: 'Contact',
    icon: Mail,
    summary: 'Ask for a quote, send us a message, or get our free e-book by e-mail.',
  },
]

export const SIGN_IN_PATH = '/sign-in'
