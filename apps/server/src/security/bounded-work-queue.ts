export interface WorkQueueLimits {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs that may wait for a free slot; one more is refused at once. */
  queue: number;
}

/**
 * Costly work bounded (ADR 021): at most `concurrency` jobs at once and `queue` waiting, started
 * in arrival order; a job that would wait beyond the queue is refused at once with the error
 * `busy` makes, so a flood cannot take every core and all the memory, and a caller that would
 * wait too long is answered instead of hanging. A freed slot passes straight to the oldest
 * waiting job, so a newcomer never overtakes it.
 */
export class BoundedWorkQueue {
  private active = 0;
  private readonly line: Array<() => void> = [];
  /** Jobs refused because the queue was full. */
  refused = 0;

  constructor(
    private readonly limits: WorkQueueLimits,
    private readonly busy: () => Error,
  ) {}

  /** Jobs running now. */
  get running(): number {
    return this.active;
  }

  /** Jobs waiting for a slot. */
  get waiting(): number {
    return this.line.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limits.concurrency) {
      if (this.line.length >= this.limits.queue) {
        this.refused += 1;
        throw this.busy();
      }
      // The slot is handed over by the job that frees it: `active` already counts this one.
      await new Promise<void>((resolve) => this.line.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.line.shift();
      if (next === undefined) this.active -= 1;
      else next();
    }
  }
}
