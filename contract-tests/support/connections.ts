/**
 * The fetch that every request of the contract suite goes through (its scenarios, the typed
 * clients it drives, the Dredd hooks, the mutants' proxy): one keep-alive connection per origin,
 * used again only while its last exchange ended less than REUSE_IDLE_MS ago, measured when the
 * next request starts; otherwise that request goes out on a new connection. Bodies are read
 * whole before the answer is handed back, so no unread body ever holds a connection.
 *
 * Why: a keep-alive race made the suite fail on busy machines (`fetch failed`, caused by
 * `SocketError: other side closed`, always on the first request of a fuzzing property). A server
 * closes a connection that stayed idle for its keep-alive timeout (5 s for Node's servers: Prism
 * and the sandbox). undici retires an idle socket earlier (the server's `Keep-Alive: timeout=5`
 * less 2 s), but by a timer, and a timer cannot run while the suite's event loop is busy
 * (fast-check building arbitraries from a large schema) or its process waits for a core (npm test
 * runs the contract steps at nice 10 beside busy ones). The request after such a pause went out
 * on a socket that its server was closing at that moment; the server dropped it unread. Such a
 * request may have reached the server (a gateway POST moves money), so it is never re-sent: the
 * race is avoided instead, by a check that depends on no timer. undici itself sends again only
 * requests it never wrote (queued behind a socket that closed).
 */
import { Client, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from "undici";
import { recordAnswer, recordRequest } from "./exchange-log";

/**
 * Far below the idle timeouts of common servers (Node and Apache 5 s, load balancers 60 s, nginx
 * 75 s), so that a server slow to read the request (a starved process) still finds it open.
 */
const REUSE_IDLE_MS = 1_000;

/**
 * How long one request may wait for the start of its answer, and then between two pieces of its
 * body. The suite's tests have no wall-clock limit of their own (a busy machine makes a whole test
 * slow, not wrong): what fails a run on a target that stopped answering is this bound, measured
 * per request, so it fires only when a request makes no progress at all.
 */
export const ANSWER_STALL_MS = 120_000;

interface Connection {
  client: Client;
  inFlight: number;
  /** performance.now() when the last exchange ended. */
  idleSince: number;
}

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** A `fetch` whose connections are used again only within `reuseIdleMs` of their last exchange. */
export function createSuiteFetch(
  reuseIdleMs: number,
  stallMs = ANSWER_STALL_MS,
): (url: string | URL, init?: RequestInit) => Promise<Response> {
  /** By origin: the suite talks to a handful (the target's listeners, the upload host). */
  const connections = new Map<string, Connection>();

  function connectionFor(origin: string, now: number): Connection {
    const current = connections.get(origin);
    if (current && (current.inFlight > 0 || now - current.idleSince < reuseIdleMs)) return current;
    // Idle too long (or none yet): close it, with any other idle ones, and start afresh.
    for (const [key, connection] of connections) {
      if (connection.inFlight === 0 && now - connection.idleSince >= reuseIdleMs) {
        void connection.client.close().catch(() => undefined);
        connections.delete(key);
      }
    }
    // pipelining 1: one request at a time on the one connection; concurrent calls wait their turn.
    const fresh: Connection = {
      client: new Client(origin, { pipelining: 1, headersTimeout: stallMs, bodyTimeout: stallMs }),
      inFlight: 0,
      idleSince: now,
    };
    connections.set(origin, fresh);
    return fresh;
  }

  return async (url, init = {}) => {
    const connection = connectionFor(new URL(url).origin, performance.now());
    connection.inFlight++;
    try {
      // The global RequestInit and undici's describe the same fields with types of two libraries.
      const response = await undiciFetch(url, { ...(init as UndiciRequestInit), dispatcher: connection.client });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const body = NULL_BODY_STATUSES.has(response.status) || bytes.length === 0 ? null : bytes;
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        // undici's Headers and the global one are two declarations of one class: the pairs carry every field over.
        headers: [...response.headers],
      });
    } catch (error) {
      throw stalled(error, init.method ?? "GET", url, stallMs) ?? error;
    } finally {
      connection.inFlight--;
      connection.idleSince = performance.now();
    }
  };
}

/** undici's own timeouts, said in one line naming the request and the bound (undefined for any other failure). */
function stalled(error: unknown, method: string, url: string | URL, stallMs: number): Error | undefined {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (code !== "UND_ERR_HEADERS_TIMEOUT" && code !== "UND_ERR_BODY_TIMEOUT") return undefined;
  const what = code === "UND_ERR_HEADERS_TIMEOUT" ? "no answer" : "no further bytes of the answer";
  return new Error(`${method} ${String(url)}: ${what} within ${stallMs / 1000} s: the target stopped answering this request`, {
    cause: error,
  });
}

const suiteConnections = createSuiteFetch(REUSE_IDLE_MS);

/**
 * `fetch`, on a connection that cannot be in its server's idle timeout; the answer's body already
 * read. Every request is kept in the exchange log, for a failing test's reproduction.
 */
export async function suiteFetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
  const request = recordRequest(url, init);
  const response = await suiteConnections(url, init);
  recordAnswer(request, response);
  return response;
}
