/**
 * The gateway sandbox's signature verification off the event loop: the thread's verdicts are
 * node:crypto's, they come back in the order asked, and a thread that dies costs speed, not
 * answers (what it had not answered, and everything after, is verified on the loop).
 */
import { generateKeyPairSync, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { VerificationThread, verifyOffLoop } from "../src/testkit/sandbox/gateway/verification-thread";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const other = generateKeyPairSync("rsa", { modulusLength: 2048 });

/** The bytes of `text` and their signature in hex, as a Signature header carries it. */
function signed(text: string): { data: Buffer; signature: string } {
  const data = Buffer.from(text, "utf8");
  return { data, signature: sign("sha256", data, privateKey).toString("hex") };
}

describe("signature verification off the event loop", () => {
  it("agrees with node:crypto: the signed bytes pass, other bytes, another key and a cut signature fail", async () => {
    const { data, signature } = signed("amount=2050&currency=EUR");
    expect(await verifyOffLoop(publicKey, data, signature)).toBe(true);
    expect(await verifyOffLoop(publicKey, Buffer.from("amount=2051&currency=EUR"), signature)).toBe(false);
    expect(await verifyOffLoop(other.publicKey, data, signature)).toBe(false);
    expect(await verifyOffLoop(publicKey, data, signature.slice(0, 256))).toBe(false);
  });

  it("verifies the exact bytes, whatever they are: UTF-8 text and bytes that are not text at all", async () => {
    const data = Buffer.concat([Buffer.from("text_on_statement=Kø Café ", "utf8"), Buffer.from([0x00, 0x80, 0xff, 0xfe])]);
    const signature = sign("sha256", data, privateKey).toString("hex");
    expect(await verifyOffLoop(publicKey, data, signature)).toBe(true);
    const changed = Buffer.from(data);
    changed[changed.length - 1] = 0xfd;
    expect(await verifyOffLoop(publicKey, changed, signature)).toBe(false);
  });

  it("reads only the bytes of the view it is given, not the block behind it", async () => {
    const { data, signature } = signed("amount=1");
    const block = Buffer.concat([Buffer.from("noise before "), data, Buffer.from(" noise after")]);
    const view = block.subarray(13, 13 + data.length);
    expect(view.equals(data)).toBe(true);
    expect(await verifyOffLoop(publicKey, view, signature)).toBe(true);
  });

  it("answers in the order it was asked", async () => {
    const cases = Array.from({ length: 40 }, (_, i) => ({ ...signed(`amount=${i + 1}`), valid: i % 3 !== 0 }));
    const order: number[] = [];
    const verdicts = await Promise.all(
      cases.map((c, i) =>
        verifyOffLoop(publicKey, c.valid ? c.data : Buffer.from(`tampered ${i}`), c.signature).then((valid) => {
          order.push(i);
          return valid;
        }),
      ),
    );
    expect(verdicts).toEqual(cases.map((c) => c.valid));
    expect(order).toEqual(cases.map((_, i) => i));
  });

  it("keeps order and verdicts when the requests outgrow the ring and its slots (they wait for room), and verifies one larger than the ring on the loop", async () => {
    const thread = new VerificationThread({ ringBytes: 2048, slots: 4 });
    // Sizes from 1 byte to over half the ring, so that records wrap at every place and many wait.
    const cases = Array.from({ length: 120 }, (_, i) => {
      const { data, signature } = signed(`amount=${i}&note=${"x".repeat((i * 397) % 1300)}`);
      const valid = i % 4 !== 1;
      return { data: valid ? data : Buffer.concat([data, Buffer.from("!")]), signature, valid };
    });
    const order: number[] = [];
    const verdicts = await Promise.all(cases.map((c, i) => thread.verify(publicKey, c.data, c.signature).then((valid) => (order.push(i), valid))));
    expect(verdicts).toEqual(cases.map((c) => c.valid));
    expect(order).toEqual(cases.map((_, i) => i));
    const large = signed("x".repeat(3000));
    expect(await thread.verify(publicKey, large.data, large.signature)).toBe(true);
    expect(await thread.verify(publicKey, Buffer.from("y".repeat(3000)), large.signature)).toBe(false);
    // And the ring is usable again afterwards.
    const again = signed("amount=7");
    expect(await thread.verify(publicKey, again.data, again.signature)).toBe(true);
  });

  it("verifies on the loop when the thread dies, for what was pending and for what comes after", async () => {
    // A thread that takes requests and dies without answering any.
    const thread = new VerificationThread({ program: `setTimeout(() => process.exit(3), 200);` });
    const good = signed("amount=5");
    const pending = [thread.verify(publicKey, good.data, good.signature), thread.verify(publicKey, Buffer.from("amount=6"), good.signature)];
    expect(await Promise.all(pending)).toEqual([true, false]);
    expect(await thread.verify(publicKey, good.data, good.signature)).toBe(true);
    expect(await thread.verify(other.publicKey, good.data, good.signature)).toBe(false);
  });
});
