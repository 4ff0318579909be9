/* The order in which the table page presents what the server sends: one message at a time,
   each presentation (a card's flight, a trick held and swept) finished before the next
   begins, whatever arrives meanwhile. No page here, so node's tests read it. */

export class Queue {
  /* ``present(message)``: shows one message (may be async; awaited before the next). */
  constructor(present) {
    this.present = present;
    this.waiting = [];
    this.busy = false;
  }
  /* How many messages wait behind the one being presented. */
  get length() { return this.waiting.length; }
  /* Take ``message`` in turn; the promise settles when the queue has run dry (or a
     presentation failed, which stops the queue until the next message arrives). */
  push(message) {
    this.waiting.push(message);
    return this.run();
  }
  async run() {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.waiting.length) await this.present(this.waiting.shift());
    } finally {
      this.busy = false;
    }
  }
}
