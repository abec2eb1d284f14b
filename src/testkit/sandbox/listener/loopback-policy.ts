/**
 * Who may drive the sandbox. It serves loopback only, and a web page in the developer's browser
 * must not reach it either: not directly (an `Origin` of another site), and not by DNS
 * rebinding (a name of the attacker's that resolves to 127.0.0.1 arrives as a foreign `Host`).
 * So every listener accepts only the loopback names with its own port in `Host`, and, when a
 * browser sends `Origin`, only a loopback origin.
 */

const LOOPBACK_HOSTNAMES = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** `host[:port]` split; the port is undefined when absent. */
function splitHost(value: string): { hostname: string; port: string | undefined } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(value);
  return match ? { hostname: match[1]!.toLowerCase(), port: match[2] } : { hostname: "", port: undefined };
}

/** `Host` values already accepted, per port: a client sends the same one on every request. */
const acceptedHosts = new Map<number, Set<string>>();

function hostAccepted(host: string, port: number): boolean {
  return acceptedHosts.get(port)?.has(host) === true;
}

function rememberHost(host: string, port: number): void {
  let hosts = acceptedHosts.get(port);
  if (!hosts) acceptedHosts.set(port, (hosts = new Set()));
  if (hosts.size < 16) hosts.add(host);
}

/** Why a request is refused, or undefined when Host and Origin are acceptable. */
export function loopbackRefusal(headers: { host?: string; origin?: string | string[] }, port: number): string | undefined {
  const host = headers.host;
  if (headers.origin === undefined && host !== undefined && hostAccepted(host, port)) return undefined;
  if (host !== undefined) {
    const { hostname, port: hostPort } = splitHost(host.trim());
    if (!LOOPBACK_HOSTNAMES.has(hostname) || (hostPort !== undefined && hostPort !== String(port))) {
      return `Host must name this loopback listener (127.0.0.1:${port}, localhost:${port} or [::1]:${port}).`;
    }
  }
  const origin = Array.isArray(headers.origin) ? headers.origin[0] : headers.origin;
  if (origin !== undefined && origin !== "null") {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (
      !parsed ||
      !LOOPBACK_HOSTNAMES.has(parsed.hostname.toLowerCase()) ||
      (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    ) {
      return "Requests from web pages are accepted only from loopback origins.";
    }
  } else if (origin === "null") {
    return "Requests from web pages are accepted only from loopback origins.";
  }
  if (host !== undefined) rememberHost(host, port);
  return undefined;
}
