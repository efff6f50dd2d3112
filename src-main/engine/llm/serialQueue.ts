// Runs async jobs one at a time. The Hand has one model and one context sequence: a second load, unload or
// generation must wait for the first instead of interleaving with it.

export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job, job);
    // The chain must survive a failed job, or one error would poison every later call.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
