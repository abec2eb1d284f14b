/**
 * The exchange record keeps the parts of an exchange until it is read, and shows them masked:
 * a card number is masked whole even where the kept body is cut, secrets never show, the ring
 * lets the oldest go and counts them.
 */
import { describe, expect, it } from "vitest";
import { ExchangeRecord, type RawExchange } from "../src/testkit/sandbox/control/exchanges";

const PAN = "4111111111111111";

function raw(overrides: Partial<RawExchange> = {}): RawExchange {
  return {
    at: new Date(0).toISOString(),
    api: "gateway",
    method: "POST",
    target: "/authorizations",
    operation: "createAuthorization",
    status: 201,
    duration_ms: 1,
    requestHeaders: { "content-type": "application/x-www-form-urlencoded", authorization: "Basic OGM2YTNhNGUtMmI3Zi00ZDFjLTllNTU=" },
    requestBody: `amount=100&card[pan]=${PAN}&card[csc]=987`,
    responseHeaders: { "content-type": "application/json" },
    responseBody: '{"id":"a","status":{"code":20000}}',
    ...overrides,
  };
}

describe("the exchange record", () => {
  it("shows an exchange masked: card number to its last four digits, the CSC and the credential hidden", () => {
    const record = new ExchangeRecord(10);
    record.add(raw());
    const [shown] = record.list().items;
    const text = JSON.stringify(shown);
    expect(text).not.toContain(PAN);
    expect(text).not.toContain("987");
    expect(text).not.toContain("OGM2YTNhNGUtMmI3Zi00ZDFjLTllNTU=");
    expect(shown!.request.body).toContain("1111");
    expect(shown!.gateway_status_code).toBe(20000);
  });

  it("masks a card number whole where a long body is cut, and says it was cut", () => {
    for (let shift = 0; shift < 20; shift++) {
      const record = new ExchangeRecord(10);
      const body = `${"a".repeat(16 * 1024 - shift)}&card[pan]=${PAN}&more=${"b".repeat(40_000)}`;
      record.add(raw({ requestBody: Buffer.from(body) }));
      const shown = record.list().items[0]!.request.body!;
      const [kept, note] = shown.split("… (cut: ");
      expect(kept, `cut ${shift} characters before the number`).not.toMatch(/\d{5,}/);
      expect(note).toMatch(/^\d+ characters\)$/);
    }
  });

  it("reads the signature verdict only when the exchange is read", () => {
    const record = new ExchangeRecord(10);
    let asked = 0;
    record.add(raw({ signature: () => (asked++, { verdict: "mismatch" }) }));
    expect(asked).toBe(0);
    expect(record.list().items[0]!.signature).toEqual({ verdict: "mismatch" });
    record.list();
    expect(asked).toBe(1);
  });

  it("keeps the newest, counts those it let go, and filters by operation, status and id", () => {
    const record = new ExchangeRecord(3);
    for (let i = 0; i < 5; i++)
      record.add(raw({ status: i % 2 ? 400 : 201, operation: i === 4 ? "createCapture" : "createAuthorization" }));
    const all = record.list();
    expect(all.items.map((e) => e.id)).toEqual([3, 4, 5]);
    expect(all.dropped).toBe(2);
    expect(record.list({ operation: "createCapture" }).items.map((e) => e.id)).toEqual([5]);
    expect(record.list({ status: 400 }).items.map((e) => e.id)).toEqual([4]);
    expect(record.list({ since: 4 }).items.map((e) => e.id)).toEqual([5]);
  });
});
