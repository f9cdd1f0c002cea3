// What the load's clients saw: each operation's latencies (only those started in the measured window),
// every error (warm-up included: the goal is none at all) with the first few kept word for word, and
// downloads whose bytes did not match what was uploaded.

const KEPT_ERRORS = 8

export class Recorder {
  private measuring = false
  private readonly latencies = new Map<string, number[]>()
  readonly errorsByOperation = new Map<string, number>()
  readonly firstErrors: string[] = []
  errors = 0
  wrongBytes = 0
  verifiedDownloads = 0

  startMeasuring(): void {
    this.measuring = true
    this.latencies.clear()
  }

  /** Runs one operation and records its time; an error is recorded and ends it (undefined). */
  async time<T>(operation: string, action: () => Promise<T>): Promise<T | undefined> {
    const measured = this.measuring
    const started = performance.now()
    try {
      const result = await action()
      if (measured) {
        const list = this.latencies.get(operation) ?? []
        if (list.length === 0) this.latencies.set(operation, list)
        list.push(performance.now() - started)
      }
      return result
    } catch (error) {
      this.error(operation, error)
      return undefined
    }
  }

  error(operation: string, error: unknown): void {
    this.errors++
    this.errorsByOperation.set(operation, (this.errorsByOperation.get(operation) ?? 0) + 1)
    if (this.firstErrors.length < KEPT_ERRORS)
      this.firstErrors.push(`${operation}: ${error instanceof Error ? error.message : String(error)}`)
  }

  wrong(operation: string, detail: string): void {
    this.wrongBytes++
    if (this.firstErrors.length < KEPT_ERRORS) this.firstErrors.push(`${operation}: wrong bytes, ${detail}`)
  }

  operations(): [string, number[]][] {
    return [...this.latencies.entries()]
  }
}
