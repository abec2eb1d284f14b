/**
 * Prism's forwarder fetches the upstream with node-fetch, which follows redirects: a 307 to a
 * signed gateway POST was answered by sending the POST again, card data, Signature and (on the
 * same host) Authorization included, to wherever the upstream pointed, and the client never saw
 * the 307. A POST must never be re-sent once its bytes may have reached the server, so the
 * proxy's Prism runs with this module loaded first: every node-fetch call it makes is made with
 * `redirect: "manual"`, and a 3xx comes back to the client as the upstream sent it (the front
 * only rebases a Location that names the upstream, as it does every address). A data: URL, so
 * that nothing beside the compiled code has to be shipped for it.
 */
const SOURCE = `
import Module from "node:module";
const load = Module._load;
Module._load = function (request, ...rest) {
  const loaded = load.call(this, request, ...rest);
  if (request !== "node-fetch" || typeof loaded !== "function") return loaded;
  const fetchOnce = (url, init) => loaded(url, { ...init, redirect: "manual" });
  return Object.assign(fetchOnce, loaded, { default: fetchOnce });
};
`;

/** Node options for the proxy's Prism process: its upstream calls never follow a redirect. */
export const NO_REDIRECTS_NODE_OPTIONS = ["--import", `data:text/javascript,${encodeURIComponent(SOURCE)}`];
