/**
 * A cap on concurrent image work (docs/security.md: "concurrency capped, 503 when the queue is full"). Every render
 * decodes a whole source image, up to 40 megapixels: a burst of requests for new variants would otherwise decode
 * them all at once, exhaust memory and starve every other request of the libuv threads sharp runs on.
 *
 * At most `concurrency` tasks run; up to `maxQueue` more wait in order; past that `run` rejects at once with
 * the `busy` refusal (503 + Retry-After) instead of queueing without bound. Tasks with the same key
 * (the canonical name of a render) share one run: a hundred visitors asking for a new variant at once cost one
 * render and one queue slot, not a hundred.
 */
import { IMAGE_REFUSALS } from './refusals.ts';

export interface RenderQueueOptions {
  /** Tasks running at once. */
  readonly concurrency: number;
  /** Tasks waiting for a slot; 0 = no waiting, a busy queue rejects. */
  readonly maxQueue: number;
}

export class RenderQueue {
  readonly #concurrency: number;
  readonly #maxQueue: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  readonly #inFlight = new Map<string, Promise<unknown>>();

  constructor(options: RenderQueueOptions) {
    if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
      throw new RangeError(`concurrency must be a whole number ≥ 1, got ${options.concurrency}`);
    }
    if (!Number.isInteger(options.maxQueue) || options.maxQueue < 0) {
      throw new RangeError(`maxQueue must be a whole number ≥ 0, got ${options.maxQueue}`);
    }
    this.#concurrency = options.concurrency;
    this.#maxQueue = options.maxQueue;
  }

  /** Tasks running and waiting now (for logs and tests). */
  get load(): { readonly running: number; readonly waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  /**
   * Runs `task` when a slot is free. With a `key`, a caller arriving while a task with that key is running or
   * waiting gets that task's result instead of starting another.
   */
  run<T>(task: () => Promise<T>, key?: string): Promise<T> {
    if (key !== undefined) {
      const shared = this.#inFlight.get(key);
      if (shared) return shared as Promise<T>;
    }
    if (this.#running >= this.#concurrency && this.#waiting.length >= this.#maxQueue) {
      return Promise.reject(IMAGE_REFUSALS.busy());
    }
    const result = this.#schedule(task);
    if (key !== undefined) {
      this.#inFlight.set(key, result);
      const forget = () => {
        this.#inFlight.delete(key);
      };
      result.then(forget, forget);
    }
    return result;
  }

  async #schedule<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#concurrency) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter, so `running` never dips and a newcomer cannot jump the queue.
      if (next) next();
      else this.#running -= 1;
    }
  }
}
