/* The order the table page presents the server's messages in (static/queue.js): one at a
   time, in the order they came, each finished before the next begins. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Queue } from "../../koloda/server/static/queue.js";

const later = (ms) => new Promise((done) => setTimeout(done, ms));

/* A queue whose presentations take ``times[message]`` ms, logging when each starts and ends. */
function recording(times) {
  const log = [];
  const queue = new Queue(async (m) => {
    log.push(`start ${m}`);
    await later(times[m] ?? 0);
    log.push(`end ${m}`);
  });
  return { log, queue };
}

test("messages are presented in the order they came, never two at once", async () => {
  const { log, queue } = recording({ a: 15, b: 1, c: 5 });
  await Promise.all([queue.push("a"), queue.push("b"), queue.push("c")]);
  assert.deepEqual(log, ["start a", "end a", "start b", "end b", "start c", "end c"]);
});

test("a message that comes while another is presented waits for it", async () => {
  const { log, queue } = recording({ first: 20 });
  const running = queue.push("first");
  await later(5);
  assert.ok(queue.busy);
  queue.push("second");
  assert.equal(queue.length, 1, "the second waits");
  await running;
  assert.deepEqual(log, ["start first", "end first", "start second", "end second"]);
  assert.ok(!queue.busy && queue.length === 0);
});

test("a message presented at once leaves the queue idle", async () => {
  const seen = [];
  const queue = new Queue((m) => { seen.push(m); });
  await queue.push(1);
  await queue.push(2);
  assert.deepEqual(seen, [1, 2]);
  assert.equal(queue.busy, false);
});

test("a presentation that fails stops the queue until the next message, which goes on in order", async () => {
  const seen = [];
  const queue = new Queue(async (m) => {
    seen.push(m);
    if (m === "bad") throw new Error("broken");
  });
  queue.waiting.push("bad", "kept");
  await assert.rejects(queue.run(), /broken/);
  assert.equal(queue.busy, false);
  assert.deepEqual(seen, ["bad"]);
  await queue.push("next");
  assert.deepEqual(seen, ["bad", "kept", "next"]);
});
