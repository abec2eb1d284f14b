/**
 * Access tokens: requested once, shared by every concurrent caller while the request is in
 * flight, and reused until shortly before `expires_in` runs out (the token endpoint is rate
 * limited; the spec asks clients to cache). A token the API refused is dropped once, so
 * fifty calls failing with the same stale token cause one refresh, not fifty.
 */

export interface IssuedToken {
  accessToken: string;
  expiresInSeconds: number;
}

interface Entry {
  promise: Promise<string>;
  /** Set once issued. */
  token?: string;
  expiresAt: number;
}

export class TokenCache {
  private current: Entry | undefined;

  constructor(
    private readonly issue: () => Promise<IssuedToken>,
    private readonly now: () => number,
  ) {}

  /** The cached token, the one being requested, or a new one. */
  get(): Promise<string> {
    const entry = this.current;
    if (entry && (entry.token === undefined || this.now() < entry.expiresAt)) return entry.promise;
    return this.request();
  }

  /** Forgets `token` if it is still the cached one (a newer token is kept). */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  private request(): Promise<string> {
    // The lifetime counts from when the request was sent: conservative by the round trip.
    const requestedAt = this.now();
    const entry: Entry = { promise: Promise.resolve(""), expiresAt: Number.POSITIVE_INFINITY };
    entry.promise = this.issue().then(
      ({ accessToken, expiresInSeconds }) => {
        const lifetimeMs = expiresInSeconds * 1000;
        // Renew ahead of expiry: a tenth of the lifetime, at most a minute.
        entry.expiresAt = requestedAt + lifetimeMs - Math.min(60_000, lifetimeMs / 10);
        entry.token = accessToken;
        return accessToken;
      },
      (error: unknown) => {
        if (this.current === entry) this.current = undefined; // the next call tries again
        throw error;
      },
    );
    this.current = entry;
    return entry.promise;
  }
}
