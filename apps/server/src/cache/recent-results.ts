/**
 * The results of a deterministic, costly computation (same input, same output) kept for the
 * most recently asked inputs, at most `capacity` of them: the oldest asked is dropped first.
 * A computation in progress is shared by every caller asking for it; a failed one is not kept,
 * so the next caller tries again. Callers must not change what they are given: it is shared.
 */
export class RecentResults<T> {
  private readonly results = new Map<string, Promise<T>>();

  constructor(private readonly capacity: number) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const known = this.results.get(key);
    if (known !== undefined) {
      // Asked again: it becomes the most recent.
      this.results.delete(key);
      this.results.set(key, known);
      return known;
    }
    const computing = compute();
    this.results.set(key, computing);
    computing.catch(() => {
      if (this.results.get(key) === computing) this.results.delete(key);
    });
    if (this.results.size > this.capacity) {
      const oldest = this.results.keys().next().value as string;
      this.results.delete(oldest);
    }
    return computing;
  }
}
