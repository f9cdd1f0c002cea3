import type { Refund, Transaction } from './paystack-shapes'

// The emulator's memory: transactions by reference and by access code, refunds by id, and the ids
// it hands out. One process, no persistence (docs/paystack-emulator.md).

export function createEmulatorState() {
  const byReference = new Map<string, Transaction>()
  const byAccessCode = new Map<string, Transaction>()
  const refunds = new Map<number, Refund>()
  let nextId = 4_000_000_000

  return {
    /** Paystack's numeric ids, shared by transactions and refunds as its ids are unique. */
    newId: () => nextId++,
    addTransaction(tx: Transaction): void {
      byReference.set(tx.reference, tx)
      byAccessCode.set(tx.accessCode, tx)
    },
    byReference: (reference: string) => byReference.get(reference),
    byAccessCode: (accessCode: string) => byAccessCode.get(accessCode),
    /** By reference or by Paystack's id, as the refund API takes `transaction`. */
    byReferenceOrId(key: string): Transaction | undefined {
      return byReference.get(key) ?? [...byReference.values()].find((t) => String(t.id) === key)
    },
    addRefund(refund: Refund): void {
      refunds.set(refund.id, refund)
    },
    refund: (id: number) => refunds.get(id),
  }
}

export type EmulatorState = ReturnType<typeof createEmulatorState>
