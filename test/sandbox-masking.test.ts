/**
 * The one masking step (src/testkit/sandbox/cross-api/masking.ts), by property: for any
 * Luhn-valid card number and any CSC, written in any encoding (plain, grouped with spaces, `+`,
 * dots or dashes, percent-encoded once or twice, a JSON number, a JSON `\u` escape, an array
 * member), in any field, header, query or path, under any content type, neither appears in
 * anything the sandbox shows: the record, an exchange's detail (curl lines and refusal), the
 * live stream, the `--log` file and the state view. And what is not secret stays as it was: a
 * recorded upload link still uploads.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { curlOf, refusalOf } from "../src/testkit/sandbox/control/api/explain";
import { ExchangeRecord, type RawExchange } from "../src/testkit/sandbox/control/exchanges";
import { isLuhnValid, maskedBodyText, maskedHeaders, maskedTarget, maskedText } from "../src/testkit/sandbox/cross-api/masking";
import { apiModel } from "../src/testkit/openapi-model/operation-model";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { basic, keys, MerchantClient, signer, validApplication } from "./support/sandbox";

/** A Luhn-valid card number of 12 to 19 digits. */
const cardNumber = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 10, maxLength: 17 }))
  .map(([first, rest]) => {
    const body = `${first}${rest.join("")}`;
    const check = [...Array(10).keys()].find((digit) => isLuhnValid(`${body}${digit}`))!;
    return `${body}${check}`;
  });
const csc = fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(n % 2 ? 3 : 4, "0"));

const percentEncoded = (text: string) => [...text].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`).join("");
const grouped = (digits: string, separator: string) => digits.replace(/(\d{4})(?=\d)/g, `$1${separator}`);

/** The ways a card number may be written into a form value, a query or a header. */
const writtenCardNumber = (pan: string) =>
  fc.constantFrom(
    pan,
    grouped(pan, " "),
    grouped(pan, "+"),
    grouped(pan, "."),
    grouped(pan, "-"),
    grouped(pan, " - "),
    percentEncoded(pan),
    percentEncoded(grouped(pan, " ")),
    percentEncoded(pan).replace(/%/g, "%25"),
    `${pan.slice(0, 6)}${percentEncoded(pan.slice(6))}`,
  );

/** Names a card number may be sent under, and words around it in free text. */
const fieldName = fc.constantFrom("card[pan]", "card[pan][]", "pan", "comment", "trading_name", "note", "reference", "x", "card%5Bpan%5D");
const cscName = fc.constantFrom("card[csc]", "card[csc][]", "csc", "card%5Bcsc%5D", "cvc", "card.cvv");
const words = fc.constantFrom("", "my card ", "card: ", "x", "number is ", "ref 12 ");
const contentType = fc.constantFrom(
  "application/x-www-form-urlencoded",
  "application/json",
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/hal+json",
  "application/xml",
);

/** A request carrying a card number and a CSC somewhere, in some encoding, under some content type. */
const carryingRequest = fc
  .record({ pan: cardNumber, csc, fieldName, cscName, words, contentType, place: fc.constantFrom("body", "query", "path", "header") })
  .chain((base) =>
    fc
      .record({ written: writtenCardNumber(base.pan), json: fc.constantFrom("string", "number", "escaped", "array") })
      .map((w) => ({ ...base, ...w })),
  );

type Carrying = typeof carryingRequest extends fc.Arbitrary<infer T> ? T : never;

function bodyOf(c: Carrying): string {
  if (/json/.test(c.contentType)) {
    const key = decodeURIComponent(c.fieldName).replace(/\[\]$/, "");
    const value =
      c.json === "number" && c.words === ""
        ? Number.isSafeInteger(Number(c.pan))
          ? c.pan
          : JSON.stringify(c.pan)
        : c.json === "escaped"
          ? `"${c.words}${[...c.pan].map((d) => `\\u003${d}`).join("")}"`
          : c.json === "array"
            ? `[${JSON.stringify(c.words + c.pan)}]`
            : JSON.stringify(c.words + grouped(c.pan, " "));
    const cscKey = decodeURIComponent(c.cscName).replace(/\[\]$/, "");
    return `{"amount":100,${JSON.stringify(key)}:${value},${JSON.stringify(cscKey)}:${c.json === "number" ? Number(c.csc) : JSON.stringify(c.csc)}}`;
  }
  return `amount=100&${c.fieldName}=${encodeURIComponent(c.words).replace(/%20/g, "+")}${c.written}&${c.cscName}=${c.csc}`;
}

/** The exchange as the listener would hand it over, with the card data in the chosen place. */
function rawExchange(c: Carrying): RawExchange {
  const target =
    c.place === "query"
      ? `/authorizations?${c.fieldName}=${c.written}&${c.cscName}=${c.csc}`
      : c.place === "path"
        ? `/applications/${c.written}/comments`
        : "/authorizations";
  const requestHeaders: Record<string, string> = { "content-type": c.contentType, authorization: basic(c.pan) };
  if (c.place === "header") {
    requestHeaders["x-api-key"] = c.pan;
    requestHeaders["proxy-authorization"] = `Basic ${c.pan}`;
    requestHeaders["x-card"] = c.written;
    requestHeaders["x-csc"] = c.csc;
  }
  return {
    at: new Date(0).toISOString(),
    api: c.place === "path" ? "merchant" : "gateway",
    method: "POST",
    target,
    status: 400,
    duration_ms: 1,
    requestHeaders,
    requestBody: bodyOf(c),
    responseHeaders: { "content-type": "application/problem+json" },
    // An answer that echoes what it was sent.
    responseBody: JSON.stringify({ title: "Bad", detail: `echo ${c.words}${c.pan}`, errors: { [c.fieldName]: [`got ${c.written}`] } }),
  };
}

/** The text with every encoding undone: percent-encoding (twice), `+`, JSON escapes, and the separators a card number may be grouped with. */
function plain(text: string): string {
  let out = text.replace(/\\u00([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  for (let round = 0; round < 3; round++) out = out.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return out.replace(/[\s+._-]/g, "");
}

/** Fails when `output` holds the card number or the CSC beside its name, in any encoding. */
function expectNoCardData(output: string, c: { pan: string; csc: string }, where: string): void {
  const flat = plain(output);
  expect(flat, `${where} holds the card number`).not.toContain(c.pan);
  expect(flat, `${where} holds the CSC`).not.toMatch(new RegExp(`(?:csc|cvc|cvv)\\W{0,8}${c.csc}(?!\\d)`, "i"));
}

const routers = { gateway: apiModel("gateway").router, merchant: apiModel("merchant").router };

describe("the masking step, by property", () => {
  it("no card number or CSC, in any encoding, place or content type, reaches the record, the detail, the stream or the log", async () => {
    const dir = mkdtempSync(join(tmpdir(), "masking-"));
    try {
      await fc.assert(
        fc.asyncProperty(carryingRequest, async (c) => {
          const log = join(dir, "log.ndjson");
          rmSync(log, { force: true });
          const record = new ExchangeRecord(10, log);
          const streamed: string[] = [];
          const unfollow = record.follow((exchange) => streamed.push(JSON.stringify(exchange)))!;
          const id = record.add(rawExchange(c));
          unfollow();
          const exchange = record.get(id)!;
          expectNoCardData(JSON.stringify(record.list()), c, "the record");
          expectNoCardData(JSON.stringify(exchange), c, "the exchange");
          expectNoCardData(curlOf(exchange, "http://127.0.0.1:1"), c, "the curl lines");
          expectNoCardData(JSON.stringify(refusalOf(exchange, routers)), c, "the refusal");
          expectNoCardData(streamed.join("\n"), c, "the stream");
          await record.close();
          expectNoCardData(readFileSync(log, "utf8"), c, "the log");
          rmSync(log);
        }),
        { numRuns: 300 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("masks card numbers wherever they stand in free text, and leaves ids, timestamps and short numbers alone", () => {
    fc.assert(
      fc.property(cardNumber, fc.string(), fc.string(), (pan, before, after) => {
        // A word character on either side keeps the number apart from the words' own digits.
        expect(plain(maskedText(`${before} ${grouped(pan, " ")} ${after}`))).not.toContain(pan);
        expect(plain(maskedText(`${before}.${pan}.${after}`))).not.toContain(pan);
      }),
    );
    expect(maskedText("order 0123456789, 3 items on 2026-11-28T12:00:00.000Z")).toBe(
      "order 0123456789, 3 items on 2026-11-28T12:00:00.000Z",
    );
    const id = "123e4567-e89b-12d3-a456-426614174000";
    expect(maskedText(`/applications/${id}`)).toBe(`/applications/${id}`);
    expect(maskedText("4111 1111 1111 1111 and 4111-1111-1111-1111")).toBe("************1111 and ************1111");
    expect(maskedText("exp 12 28 4111 1111 1111 1111")).not.toContain("4111 1111 1111");
  });

  it("masks by name: CSCs, secrets and identity numbers under any content type, credentials in any header", () => {
    expect(maskedBodyText('{"card":{"pan":4111111111111111,"csc":987},"amount":100}')).toBe(
      '{"card":{"pan":"************1111","csc":"***"},"amount":100}',
    );
    expect(maskedBodyText("card%5Bcsc%5D%5B%5D=987&amount=100")).toBe("card%5Bcsc%5D%5B%5D=***&amount=100");
    expect(maskedBodyText('{"social_security_number":"010185-1234","name":"Anna"}')).toBe('{"social_security_number":"***","name":"Anna"}');
    // A cut JSON body is no JSON: its secrets are still found by name.
    expect(maskedBodyText('{"client_secret": "abcdef", "x": "')).toContain('"client_secret": "***"');
    const headers = maskedHeaders({ "X-Api-Key": "0123456789abcdef", "proxy-authorization": "Basic dXNlcjpwYXNzd29yZA==", cookie: "s=1" });
    expect(headers).toEqual({ "x-api-key": "01234567…", "proxy-authorization": "Basic dXNlcjpw…", cookie: "***" });
  });

  it("keeps a signed link's expiry and signature as they are, in the target and in a JSON answer", () => {
    // A Luhn-valid 13-digit millisecond time: a card number's length, and not one.
    const expires = [...Array(10).keys()].map((d) => `176443200000${d}`).find(isLuhnValid)!;
    const link = `/uploads/123e4567-e89b-12d3-a456-426614174000?X-Sandbox-Expires=${expires}&X-Sandbox-Signature=${"ab12".repeat(16)}`;
    expect(maskedTarget(link)).toBe(link);
    const answer = JSON.stringify({ _links: { "ch:data": [{ name: "upload", href: `http://127.0.0.1:9${link}` }] } });
    expect(maskedBodyText(answer)).toBe(answer);
    expect(maskedText(`card ${expires}`)).not.toContain(expires);
  });
});

describe("the masking step in a running sandbox", () => {
  let sandbox: RunningSandbox;
  let dir: string;
  let log: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "masking-sandbox-"));
    log = join(dir, "exchanges.ndjson");
    const { startSandbox } = await import("../src/testkit/sandbox/server");
    const { defaultConfig } = await import("../src/testkit/sandbox/configuration/config");
    sandbox = await startSandbox({ config: defaultConfig(), responseValidation: "strict", log: () => {}, logFile: log });
  });

  let stopped = false;
  const stop = async () => {
    if (!stopped) await sandbox?.stop();
    stopped = true;
  };

  afterAll(async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const control = async (path: string) => (await fetch(`${sandbox.gatewayUrl}/_sandbox${path}`)).text();

  it("the control API's refusals that echo input mask it", async () => {
    const pan = "4111 1111 1111 1111";
    const unknown = await fetch(`${sandbox.gatewayUrl}/_sandbox/${encodeURIComponent(pan)}`);
    const stream = await fetch(`${sandbox.gatewayUrl}/_sandbox/exchange-stream`, { headers: { "sec-fetch-site": `x ${pan}` } });
    for (const [response, status] of [
      [unknown, 404],
      [stream, 403],
    ] as const) {
      expect(response.status).toBe(status);
      const { error } = (await response.json()) as { error: string };
      expect(error).toContain("************1111");
      expectNoCardData(error, { pan: pan.replace(/ /g, ""), csc: "987" }, "the refusal");
    }
  });

  it("a recorded upload link still uploads, also when its expiry is a Luhn-valid 13-digit number", async () => {
    const merchant = new MerchantClient(sandbox.merchantUrl);
    await merchant.login();
    const application = await merchant.call("POST", "/applications", validApplication);
    const files = application.body._links["ch:files"].href.replace(/\{[^}]*\}$/, "");
    const created = await merchant.call("POST", files, { label: "bank_statement", content_type: "text/plain" });
    expect(created.status, created.text).toBe(201);
    // Each GET of the file signs a fresh link: until one's expiry (milliseconds) passes the Luhn check.
    let recorded: string | undefined;
    for (let attempt = 0; attempt < 500 && recorded === undefined; attempt++) {
      const read = await merchant.call("GET", created.body._links.self.href);
      const upload = read.body._links["ch:data"].find((l: { name: string }) => l.name === "upload").href as string;
      if (!isLuhnValid(new URL(upload).searchParams.get("X-Sandbox-Expires")!)) continue;
      const [exchange] = JSON.parse(await control("/exchanges?operation=getFile&limit=1000")).items.slice(-1);
      recorded = JSON.parse(exchange.response.body)._links["ch:data"].find((l: { name: string }) => l.name === "upload").href;
    }
    expect(recorded, "a link whose expiry is Luhn-valid").toBeDefined();
    const put = await fetch(recorded!, { method: "PUT", headers: { "content-type": "text/plain" }, body: "statement" });
    expect(put.status, await put.text()).toBe(200);
    // And its PUT, as recorded, is the same link.
    const [upload] = JSON.parse(await control("/exchanges?limit=1000")).items.slice(-1);
    expect(`${sandbox.storageUrl}${upload.path}`).toBe(recorded);
  });

  it("an approved card number sent percent-encoded, grouped or as text/plain stays masked in every output, the state view too", async () => {
    const since = Math.max(0, ...JSON.parse(await control("/exchanges?limit=1000")).items.map((e: { id: number }) => e.id));
    const streamAbort = new AbortController();
    const stream = await fetch(`${sandbox.gatewayUrl}/_sandbox/exchange-stream`, { signal: streamAbort.signal });
    const reader = stream.body!.getReader();
    const streamed: string[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
        if (done) return;
        streamed.push(decoder.decode(value, { stream: true }));
      }
    })();
    const merchant = new MerchantClient(sandbox.merchantUrl);
    await merchant.login();
    const pan = "4111111111111111";
    const codes = fc.sample(
      fc.integer({ min: 0, max: 999 }).map((n) => String(n).padStart(3, "0")),
      40,
    );
    const sent: Array<{ pan: string; csc: string }> = [];
    for (const type of ["application/x-www-form-urlencoded", "text/plain;charset=UTF-8"])
      for (const written of fc.sample(writtenCardNumber(pan), 20)) {
        const code = codes.pop()!;
        const body = `amount=100&currency=EUR&card[pan]=${written}&card[expire_month]=06&card[expire_year]=2035&card[csc]=${code}`;
        const response = await fetch(`${sandbox.gatewayUrl}/authorizations?note=${written}`, {
          method: "POST",
          headers: {
            authorization: basic(keys.merchantKey),
            "content-type": type,
            signature: signer.headerFor(Buffer.from(body)),
            "x-api-key": keys.merchantKey,
          },
          body,
        });
        await response.text();
        sent.push({ pan, csc: code });
      }
    // A card number typed into free text the state view shows: a trading name and a comment.
    const created = await merchant.call("POST", "/applications", {
      ...validApplication,
      business_model: { ...validApplication.business_model, trading_name: `Shop ${grouped(pan, " ")}` },
    });
    expect(created.status, created.text).toBe(201);
    const comments = created.body._links["ch:comments"].href.replace(/\{[^}]*\}$/, "");
    expect((await merchant.call("POST", comments, { body: `my card is ${grouped(pan, ".")} csc 987` })).status).toBe(201);

    const approved = JSON.parse(await control("/exchanges?operation=createAuthorization&limit=1000")).items.filter(
      (e: { gateway_status_code?: number }) => e.gateway_status_code === 20000,
    );
    expect(approved.length, "authorizations approved whatever the encoding").toBeGreaterThan(0);
    const all = JSON.parse(await control(`/exchanges?since=${since}&limit=1000`)).items as Array<{ id: number }>;
    await expect.poll(() => streamed.join("")).toContain(`id: ${all.at(-1)!.id}\n`);
    const outputs = {
      record: JSON.stringify(all),
      details: (await Promise.all(all.map((e) => control(`/exchanges/${e.id}`)))).join("\n"),
      stream: streamed.join(""),
      "state view": (await control("/state/applications?limit=50")) + (await control("/state/transactions?limit=100")),
    };
    expect(outputs["state view"]).toContain("Shop ************1111");
    streamAbort.abort();
    await reading;
    await stop();
    const logged = readFileSync(log, "utf8");
    for (const c of sent) {
      for (const [where, text] of Object.entries(outputs)) expectNoCardData(text, c, where);
      expectNoCardData(logged, c, "the log");
    }
    for (const text of [...Object.values(outputs), logged]) expect(plain(text)).not.toContain(keys.merchantKey.replace(/-/g, ""));
  });
});
