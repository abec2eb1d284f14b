/**
 * What openapi-fetch builds for each call (its `Request` option) and hands to the gateway fetch.
 * A WHATWG Request costs more to build than the rest of the client's work, and its body can only
 * be read back through a stream, yet the gateway fetch takes it apart at once to sign the body.
 * This stand-in keeps the parts as given: URL, method, headers, the serialized body, the signal.
 * Middleware registered with `use()` receives it in place of a Request; it offers `text()`,
 * `arrayBuffer()` and `clone()`, and a middleware may still return a real Request.
 */
export class PreparedRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: BodyInit | null;
  readonly signal: AbortSignal | null;

  constructor(url: string | URL, init: RequestInit = {}) {
    this.url = String(url);
    this.method = (init.method ?? "GET").toUpperCase();
    this.headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    this.body = init.body ?? null;
    this.signal = init.signal ?? null;
  }

  /** The body as bytes: a string (what the form serializer returns) is UTF-8 encoded, as fetch would. */
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.body === null) return new Uint8Array(0);
    if (typeof this.body === "string") return new TextEncoder().encode(this.body);
    return new Uint8Array(await new Response(this.body).arrayBuffer());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).buffer;
  }

  async text(): Promise<string> {
    return typeof this.body === "string" ? this.body : new TextDecoder().decode(await this.bytes());
  }

  clone(): PreparedRequest {
    return new PreparedRequest(this.url, { method: this.method, headers: new Headers(this.headers), body: this.body, signal: this.signal });
  }
}
