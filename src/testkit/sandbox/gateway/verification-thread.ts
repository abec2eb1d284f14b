/**
 * RSA signature verification on a thread of its own, shared by every gateway sandbox of the
 * process. A verification is the largest single cost of a signed POST (about 22 µs in a loop,
 * over 30 µs between other requests); on the event loop it is time in which no other request is
 * served. Here the loop only copies the bytes over and reads the verdict back while a second core
 * does the arithmetic. A single client waits a little longer for each answer, but under load the
 * sandbox serves signed POSTs faster (see docs/sandbox.md and docs/benchmarks.md).
 *
 * The hand-over is shared memory, not messages. The loop copies each request into a ring of
 * bytes; the thread verifies in order, writes each verdict into a slot and bumps a counter. The
 * loop reads that counter after each turn while verifications are pending, and after half a
 * millisecond awaits it instead (`Atomics.waitAsync`); either way one look collects every verdict
 * that is ready. Against postMessage this saves about 6-12 µs of CPU per signed POST under load
 * (paired runs of the gateway mix), most of it on the thread: no event loop of its own, no
 * serializing, no eventfd per message. What stays is waking a sleeping thread (see
 * `afterTurn`).
 *
 * The thread starts on first use and holds the process open only while a verification is
 * pending. Verdicts come back in the order the requests were handed over (one thread, one ring;
 * what does not fit waits in order for room). Should the thread fail, every pending and later
 * verification runs on the event loop instead: an answer is slower, never lost.
 */
import { verify, type KeyObject } from "node:crypto";
import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";

/** Slots of the control array (Int32). */
const HANDED = 0; // requests written into the ring (the loop's counter)
const ANSWERED = 1; // verdicts written (the thread's counter)
const SLEEPING = 2; // 1 while the thread waits for work
const CONTROL_SLOTS = 3;
/** A record: key number, data length, signature length, then the data and the signature's bytes; where each starts is in `starts`. */
const RECORD_HEADER = 12;
/** Room for any request the default body limit (256 KiB) lets through; a larger one is verified on the loop. */
const RING_BYTES = 1 << 20;
/** Requests in flight at most (a slot each for where the record starts and for the verdict); beyond that, requests wait in order for room. */
const VERDICT_SLOTS = 4096;
/** Taken at load: a test that fakes timers must not hold verifications back. */
const runAfterIo = setImmediate;
/**
 * How long the loop keeps checking for verdicts after each turn before it sleeps until the thread
 * notifies it. A sleeping loop is woken slowly here (a halted virtual CPU); checking for half a
 * millisecond served a single client about 15% faster in paired runs, at the same CPU per request
 * (the checks cost about what the wake-ups did). Only while verifications are pending.
 */
const CHECK_FOR_VERDICTS_MS = 0.5;

/**
 * The thread's whole program (CommonJS, so that it runs the same from TypeScript sources and from
 * the compiled package). It never returns to its event loop: it sleeps in `Atomics.wait` until
 * the loop hands over a request. Keys arrive as messages on `keys` (KeyObjects can be sent), read
 * synchronously when a record names a key the thread has not seen.
 */
const THREAD_SOURCE = `
const { workerData, receiveMessageOnPort } = require("node:worker_threads");
const { verify } = require("node:crypto");
const { control: controlBuffer, ring: ringBuffer, starts: startBuffer, verdicts: verdictBuffer, keys: keyPort } = workerData;
const control = new Int32Array(controlBuffer);
const ring = Buffer.from(ringBuffer);
const verdicts = new Int8Array(verdictBuffer);
const starts = new Int32Array(startBuffer);
const keys = new Map();
function keyNumbered(n) {
  for (let message; !keys.has(n) && (message = receiveMessageOnPort(keyPort)); ) keys.set(message.message[0], message.message[1]);
  return keys.get(n);
}
let answered = 0;
for (;;) {
  if (Atomics.load(control, ${HANDED}) === answered) {
    Atomics.store(control, ${SLEEPING}, 1);
    if (Atomics.load(control, ${HANDED}) === answered) Atomics.wait(control, ${HANDED}, answered);
    Atomics.store(control, ${SLEEPING}, 0);
    continue;
  }
  const at = starts[answered % starts.length];
  const dataEnd = at + ${RECORD_HEADER} + ring.readInt32LE(at + 4);
  let valid = false;
  try {
    valid = verify("sha256", ring.subarray(at + ${RECORD_HEADER}, dataEnd), keyNumbered(ring.readInt32LE(at)), ring.subarray(dataEnd, dataEnd + ring.readInt32LE(at + 8)));
  } catch {}
  verdicts[answered % verdicts.length] = valid ? 1 : 0;
  answered++;
  Atomics.store(control, ${ANSWERED}, answered);
  Atomics.notify(control, ${ANSWERED});
}
`;

interface Pending {
  key: KeyObject;
  data: Buffer;
  signatureHex: string;
  done: (valid: boolean) => void;
  /** Its record's bytes in the ring (`recordLength`). */
  length: number;
  /** Where its record starts in the ring; -1 while it waits for room. */
  start: number;
}

export class VerificationThread {
  private worker: Worker | undefined;
  private keyPort: MessagePort | undefined;
  private failed = false;
  private readonly program: string;
  private readonly control = new Int32Array(new SharedArrayBuffer(CONTROL_SLOTS * 4));
  private readonly ring: Buffer;
  private readonly slots: number;
  private readonly starts: Int32Array;
  private readonly verdicts: Int8Array;
  /** Handed over and not yet answered, oldest first, then those waiting for room in the ring. */
  private readonly pending: Pending[] = [];
  private first = 0;
  /** Records handed over and verdicts read, as counted in `control`. */
  private handed = 0;
  private answered = 0;
  /** The ring's used bytes run from `tail` (the oldest record in flight) to `head` (where the next one goes), wrapping at most once; none when nothing is in flight. */
  private head = 0;
  private tail = 0;
  private awaiting = false;
  private readonly keyNumbers = new WeakMap<KeyObject, number>();
  private nextKey = 1;
  private readonly collect = (): void => {
    this.awaiting = false;
    this.readVerdicts();
    if (this.pending.length > this.first) this.watch();
  };

  /**
   * The check after each event-loop turn while verifications are pending (see `watch`). The
   * thread, if it sleeps, is woken here, once the event loop has handled its round of readable
   * sockets, not at each hand-over: waking a sleeping thread costs the waker about 7 µs here, and
   * a round often hands over several requests. A thread still at work takes them up unwoken.
   */
  private watching = false;
  private watchingSince = 0;
  private readonly afterTurn = (): void => {
    this.watching = false;
    if (this.failed) return;
    this.readVerdicts();
    // After reading: that may have handed over requests that were waiting for room.
    if (Atomics.load(this.control, SLEEPING) === 1) Atomics.notify(this.control, HANDED);
    if (this.pending.length === this.first) return;
    if (performance.now() - this.watchingSince < CHECK_FOR_VERDICTS_MS) {
      this.watching = true;
      runAfterIo(this.afterTurn);
    } else this.awaitVerdicts();
  };

  /** Tests give a `program` that fails, and a small ring and few slots to fill them. */
  constructor(options: { program?: string; ringBytes?: number; slots?: number } = {}) {
    this.program = options.program ?? THREAD_SOURCE;
    this.ring = Buffer.from(new SharedArrayBuffer(options.ringBytes ?? RING_BYTES));
    this.slots = options.slots ?? VERDICT_SLOTS;
    this.starts = new Int32Array(new SharedArrayBuffer(this.slots * 4));
    this.verdicts = new Int8Array(new SharedArrayBuffer(this.slots));
  }

  verify(key: KeyObject, data: Buffer, signatureHex: string): Promise<boolean> {
    const worker = this.failed ? undefined : (this.worker ?? this.start());
    const length = recordLength(data, signatureHex);
    if (!worker || length > this.ring.length) return Promise.resolve(verifyHere(key, data, signatureHex));
    return new Promise((done) => {
      if (this.pending.length === this.first) worker.ref();
      const entry: Pending = { key, data, signatureHex, done, length, start: -1 };
      this.pending.push(entry);
      // Requests waiting for room keep their order: a new one goes behind them.
      if (this.pending.length - this.first === this.handed - this.answered + 1) this.handOver(entry);
      this.watch();
    });
  }

  /** Writes a request into the ring; false when there is no room yet. The thread is woken in `afterTurn`. */
  private handOver(entry: Pending): boolean {
    const at = this.roomFor(entry.length);
    if (at < 0) return false;
    let keyNumber = this.keyNumbers.get(entry.key);
    if (keyNumber === undefined) {
      keyNumber = this.nextKey++;
      this.keyNumbers.set(entry.key, keyNumber);
      this.keyPort!.postMessage([keyNumber, entry.key]);
    }
    const ring = this.ring;
    ring.writeInt32LE(keyNumber, at);
    ring.writeInt32LE(entry.data.length, at + 4);
    entry.data.copy(ring, at + RECORD_HEADER);
    // Decoding stops at a character that is not hex, as Buffer.from(hex, "hex") does: the bytes before it are the signature.
    ring.writeInt32LE(ring.write(entry.signatureHex, at + RECORD_HEADER + entry.data.length, "hex"), at + 8);
    this.starts[this.handed % this.slots] = entry.start = at;
    this.head = at + entry.length;
    Atomics.store(this.control, HANDED, ++this.handed);
    return true;
  }

  /** Where a record of `length` bytes can go in the ring, or -1 when there is no room until older ones are answered. */
  private roomFor(length: number): number {
    const inFlight = this.handed - this.answered;
    if (inFlight === 0) return 0;
    if (inFlight >= this.slots) return -1;
    if (this.head > this.tail) {
      // In use: tail..head. After head, or else at the start, before tail (never up to it: head === tail would read as empty).
      if (this.head + length <= this.ring.length) return this.head;
      return length < this.tail ? 0 : -1;
    }
    // Wrapped: in use are tail..end and start..head.
    return this.head + length < this.tail ? this.head : -1;
  }

  /** Arms one wait for the thread's counter, unless one is armed or nothing is pending. */
  private awaitVerdicts(): void {
    if (this.awaiting || this.failed || this.pending.length === this.first) return;
    this.awaiting = true;
    const wait = Atomics.waitAsync(this.control, ANSWERED, this.answered);
    if (wait.async) void wait.value.then(this.collect);
    else queueMicrotask(this.collect);
  }

  /** Settles every verdict the thread has written, then hands over what waited for room. */
  private readVerdicts(): void {
    if (this.failed) return;
    const answered = Atomics.load(this.control, ANSWERED);
    while (this.answered < answered) {
      const entry = this.pending[this.first++]!;
      entry.done(this.verdicts[this.answered++ % this.slots] === 1);
    }
    this.tail = this.handed > this.answered ? this.pending[this.first]!.start : (this.head = 0);
    for (let i = this.first + this.handed - this.answered; i < this.pending.length; i++) {
      const entry = this.pending[i]!;
      if (!this.handOver(entry)) break;
    }
    this.compact();
    if (this.pending.length === this.first) this.worker?.unref();
  }

  /**
   * After this event-loop turn (setImmediate): collect the verdicts that are ready, wake the
   * thread if it sleeps, and check again after the next turn, for CHECK_FOR_VERDICTS_MS; then wait
   * for the thread's notice (`Atomics.waitAsync`).
   */
  private watch(): void {
    if (this.watching || this.failed) return;
    this.watching = true;
    this.watchingSince = performance.now();
    runAfterIo(this.afterTurn);
  }

  /** Drops settled entries from the front of `pending` now and then (shifting one by one costs more). */
  private compact(): void {
    if (this.first === this.pending.length) {
      this.pending.length = 0;
      this.first = 0;
    } else if (this.first > 1024) {
      this.pending.splice(0, this.first);
      this.first = 0;
    }
  }

  private start(): Worker | undefined {
    try {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(this.program, {
        eval: true,
        workerData: { control: this.control.buffer, ring: this.ring.buffer, starts: this.starts.buffer, verdicts: this.verdicts.buffer, keys: port2 },
        transferList: [port2],
      });
      port1.unref();
      worker.unref();
      worker.on("error", () => this.fail());
      worker.on("exit", () => this.fail());
      this.keyPort = port1;
      this.worker = worker;
      return worker;
    } catch {
      this.fail();
      return undefined;
    }
  }

  /** The thread is gone: the verdicts it wrote still count; what it had not answered is verified here, and so is everything after. */
  private fail(): void {
    if (this.failed) return;
    if (this.worker) this.readVerdicts();
    this.failed = true;
    this.worker = undefined;
    this.keyPort?.close();
    const left = this.pending.slice(this.first);
    this.pending.length = this.first = 0;
    for (const entry of left) entry.done(verifyHere(entry.key, entry.data, entry.signatureHex));
  }
}

/** A request's bytes in the ring: header, data and signature (at most), rounded up to 4 so that every record starts aligned. */
function recordLength(data: Buffer, signatureHex: string): number {
  return (RECORD_HEADER + data.length + (signatureHex.length >> 1) + 3) & ~3;
}

function verifyHere(key: KeyObject, data: Buffer, signatureHex: string): boolean {
  try {
    return verify("sha256", data, key, Buffer.from(signatureHex, "hex"));
  } catch {
    return false;
  }
}

let shared: VerificationThread | undefined;

/** An RSASSA-PKCS1-v1_5 SHA-256 verdict over `data` for a signature given in hex, computed off the event loop. */
export function verifyOffLoop(key: KeyObject, data: Buffer, signatureHex: string): Promise<boolean> {
  return (shared ??= new VerificationThread()).verify(key, data, signatureHex);
}
