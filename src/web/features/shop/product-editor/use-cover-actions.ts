import { useRef, useState } from 'react'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage, fieldError } from '../../../lib/api'
import { formatBytes } from '../../../lib/format'
import { removeCover, uploadCover } from './product-management-api'

export interface CoverActionsOptions {
  /** Absent for a new product: the chosen picture waits for the product to be created. */
  productId: string | undefined
  pending: File | null
  onPendingChange: (file: File | null) => void
  onUploaded: () => void
  accept: string
  maxBytes: number
}

/**
 * The cover field's three actions: check a chosen picture and keep it as the pending one, upload the
 * pending one, remove the current one; with what went wrong and whether a call is under way.
 */
export function useCoverActions({
  productId,
  pending,
  onPendingChange,
  onUploaded,
  accept,
  maxBytes,
}: CoverActionsOptions) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string>()
  const [busy, setBusy] = useState(false)

  const choose = (file: File | undefined) => {
    setProblem(undefined)
    if (!file) return
    if (!accept.split(',').includes(file.type))
      return setProblem('Use a JPEG, PNG, WebP, GIF or AVIF picture.')
    if (file.size > maxBytes) return setProblem(`Use a picture under ${formatBytes(maxBytes)}.`)
    onPendingChange(file)
  }

  const upload = async () => {
    if (!pending || !productId) return
    setBusy(true)
    try {
      await uploadCover(productId, pending)
      onPendingChange(null)
      if (inputRef.current) inputRef.current.value = ''
      toast.success('Cover saved')
      onUploaded()
    } catch (error) {
      setProblem(fieldError(error, 'cover_photo') ?? errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const remove = async () => {
    if (!productId) return
    setBusy(true)
    try {
      await removeCover(productId)
      toast.success('Cover removed')
      onUploaded()
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return { inputRef, problem, busy, choose, upload, remove }
}
