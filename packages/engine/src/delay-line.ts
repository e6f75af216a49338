/** Resources held by one delay: entries of (step due, count, colour); for a queue, only the head's countdown runs. */
export class DelayLine {
  due: number[] = [];
  count: number[] = [];
  colour: number[] = [];

  clear(): void {
    this.due.length = 0;
    this.count.length = 0;
    this.colour.length = 0;
  }
}
