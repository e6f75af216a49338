/**
 * Resources held by one delay: entries of (step due, count, colour) from `head` to `end` in typed
 * arrays that grow when full; for a queue, only the head's countdown runs. Nothing allocates while
 * the line stays within the room it has grown to.
 */
export class DelayLine {
  due = new Float64Array(8);
  count = new Float64Array(8);
  colour = new Int32Array(8);
  head = 0;
  end = 0;

  get size(): number {
    return this.end - this.head;
  }

  clear(): void {
    this.head = 0;
    this.end = 0;
  }

  push(due: number, count: number, colour: number): void {
    if (this.end === this.due.length) this.makeRoom();
    const j = this.end++;
    this.due[j] = due;
    this.count[j] = count;
    this.colour[j] = colour;
  }

  /** Drops the head entry. */
  shift(): void {
    if (++this.head === this.end) this.head = this.end = 0;
  }

  private makeRoom(): void {
    const size = this.end - this.head;
    if (this.head > 0 && size * 2 <= this.due.length) {
      this.due.copyWithin(0, this.head, this.end);
      this.count.copyWithin(0, this.head, this.end);
      this.colour.copyWithin(0, this.head, this.end);
    } else {
      const grow = <T extends Float64Array | Int32Array>(a: T, b: T): T => (b.set(a.subarray(this.head, this.end)), b);
      const room = this.due.length * 2;
      this.due = grow(this.due, new Float64Array(room));
      this.count = grow(this.count, new Float64Array(room));
      this.colour = grow(this.colour, new Int32Array(room));
    }
    this.head = 0;
    this.end = size;
  }
}
