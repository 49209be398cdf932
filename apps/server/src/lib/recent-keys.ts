/**
 * A bounded set of the keys seen lately, in two generations: a key is added to the current one;
 * when that is full it becomes the previous one and a new current one starts, so the oldest half
 * goes at once. A key found in the previous generation moves back into the current one. Lookups and
 * additions cost the same however long the process has run: evicting one key at a time from a full
 * `Map` (`delete(keys().next().value)`) leaves deleted slots at the front of its table that every
 * later eviction walks past again.
 */
export class RecentKeys {
  #current = new Set<string>();
  #previous = new Set<string>();

  /** Keeps at most `max` keys (at least the last `max / 2` added). */
  constructor(private readonly max: number) {}

  has(key: string): boolean {
    if (this.#current.has(key)) return true;
    if (!this.#previous.has(key)) return false;
    this.add(key);
    return true;
  }

  add(key: string): void {
    if (this.#current.size >= this.max / 2) {
      this.#previous = this.#current;
      this.#current = new Set();
    }
    this.#current.add(key);
  }

  get size(): number {
    return this.#current.size + this.#previous.size;
  }
}
