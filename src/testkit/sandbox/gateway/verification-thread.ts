/**
 * RSA signature verification on a thread of its own, shared by every gateway sandbox of the
 * process. A verification is the largest single cost of a signed POST (about 22 µs in a loop,
 * over 30 µs between other requests); on the event loop it is time in which no other request is
 * served. Here the loop only hands the bytes over and reads the verdict back while a second core
 * does the arithmetic. Handing over costs some CPU too, and a single client waits a little longer
 * for each answer, but under load the sandbox serves signed POSTs about a third faster (see
 * docs/sandbox.md and docs/benchmarks.md).
 *
 * The thread starts on first use and holds the process open only while a verification is
 * pending. Verdicts come back in the order the requests were handed over (one thread, one
 * queue). Should the thread fail, every pending and later verification runs on the event loop
 * instead: an answer is slower, never lost.
 */
import { verify, type KeyObject } from "node:crypto";
import { Worker } from "node:worker_threads";

/**
 * The thread's whole program (CommonJS, so that it runs the same from TypeScript sources and from
 * the compiled package). Messages in: `[0, keyNumber, KeyObject]` registers a key;
 * `[id, keyNumber, data, signature]` asks for a verdict, with the data as a latin1 string (one
 * character per byte, so the bytes come back exactly) and the signature as hex; the answer is `id`
 * for a valid signature and `-id` for any other. Strings and numbers cost the event loop half
 * of what byte arrays do to send. (Sending the requests of one event-loop turn as one message
 * measured no faster.)
 */
const THREAD_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { verify } = require("node:crypto");
const keys = new Map();
parentPort.on("message", (m) => {
  if (m[0] === 0) return void keys.set(m[1], m[2]);
  const valid = verify("sha256", Buffer.from(m[2], "latin1"), keys.get(m[1]), Buffer.from(m[3], "hex"));
  parentPort.postMessage(valid ? m[0] : -m[0]);
});
`;

interface Pending {
  key: KeyObject;
  data: Buffer;
  signatureHex: string;
  done: (valid: boolean) => void;
}

export class VerificationThread {
  private worker: Worker | undefined;
  private failed = false;
  private readonly pending = new Map<number, Pending>();
  private readonly keyNumbers = new WeakMap<KeyObject, number>();
  private nextId = 1;
  private nextKey = 1;

  /** `program`: the thread's source (tests give one that fails). */
  constructor(private readonly program = THREAD_SOURCE) {}

  verify(key: KeyObject, data: Buffer, signatureHex: string): Promise<boolean> {
    const worker = this.failed ? undefined : (this.worker ?? this.start());
    if (!worker) return Promise.resolve(verifyHere(key, data, signatureHex));
    let keyNumber = this.keyNumbers.get(key);
    if (keyNumber === undefined) {
      keyNumber = this.nextKey++;
      this.keyNumbers.set(key, keyNumber);
      worker.postMessage([0, keyNumber, key]);
    }
    const id = this.nextId++;
    return new Promise((done) => {
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { key, data, signatureHex, done });
      worker.postMessage([id, keyNumber, data.toString("latin1"), signatureHex]);
    });
  }

  private start(): Worker | undefined {
    try {
      const worker = new Worker(this.program, { eval: true });
      worker.unref();
      worker.on("message", (answer: number) => {
        const id = Math.abs(answer);
        const entry = this.pending.get(id);
        if (!entry) return;
        this.pending.delete(id);
        if (this.pending.size === 0) worker.unref();
        entry.done(answer > 0);
      });
      worker.on("error", () => this.fail());
      worker.on("exit", () => this.fail());
      this.worker = worker;
      return worker;
    } catch {
      this.fail();
      return undefined;
    }
  }

  /** The thread is gone: what it had not answered is verified here, and so is everything after. */
  private fail(): void {
    this.failed = true;
    this.worker = undefined;
    const left = [...this.pending.values()];
    this.pending.clear();
    for (const entry of left) entry.done(verifyHere(entry.key, entry.data, entry.signatureHex));
  }
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
