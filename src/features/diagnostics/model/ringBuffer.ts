/** A list of at most `capacity` items that forgets the oldest when a new one arrives on a full list. */
export class RingBuffer<T> {
  private readonly items: Array<T | undefined>;
  private start = 0;
  private length = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer: ${capacity}`);
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.length;
  }

  push(item: T): void {
    if (this.length < this.capacity) {
      this.items[(this.start + this.length) % this.capacity] = item;
      this.length += 1;
      return;
    }
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
  }

  /** Oldest first. */
  toArray(): T[] {
    return Array.from({ length: this.length }, (_, i) => this.items[(this.start + i) % this.capacity] as T);
  }

  clear(): void {
    // Drop the references too: a cleared log must not keep the previous user's data alive.
    this.items.fill(undefined);
    this.start = 0;
    this.length = 0;
  }
}
