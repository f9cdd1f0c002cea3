// @paystack/inline-js ships no types; this is the part the checkout seam uses.
declare module '@paystack/inline-js' {
  interface ResumeCallbacks {
    onSuccess?: (transaction: { id?: number | string; reference: string; message?: string }) => void
    onCancel?: () => void
    onLoad?: (transaction: { id?: number | string; accessCode?: string }) => void
    onError?: (error: { message: string }) => void
  }
  export default class PaystackPop {
    resumeTransaction(accessCode: string, callbacks?: ResumeCallbacks): unknown
  }
}
