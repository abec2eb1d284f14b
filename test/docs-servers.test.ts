/**
 * The servers a reader of the docs picks from: the service's own environments and the local
 * sandbox and mock at the ports those commands listen on by default, each described in plain
 * text (Redoc shows a server's description as written, so Markdown would show as marks).
 */
import { describe, expect, it } from "vitest";
import { listServiceApis } from "../scripts/lib/apis";
import { markSourceNotes } from "../scripts/lib/docs-decorations";
import { MOCK_PORTS } from "../src/testkit/cli/commands/mock";
import { defaultPorts } from "../src/testkit/sandbox/configuration/config";
import { loadBundledSpec } from "../src/testkit/openapi-model/document";

interface Server {
  url: string;
  description: string;
  "x-environment": string;
}

/** Marks of Markdown that a plain-text description must not carry: emphasis, code, links, headings. */
const MARKDOWN = /\*\S|\S\*|(?:^|\s)_\S|`|\[[^\]]*\]\(|^#/m;

describe.each(listServiceApis().map((api) => api.name as "gateway" | "merchant"))("%s servers", (api) => {
  const servers = loadBundledSpec(api).servers as Server[];

  it("include the local sandbox and mock at their commands' default ports", () => {
    const byEnvironment = Object.fromEntries(servers.map((server) => [server["x-environment"], server.url]));
    expect(byEnvironment["local-sandbox"]).toBe(`http://127.0.0.1:${defaultPorts[api]}`);
    expect(byEnvironment["local-mock"]).toBe(`http://127.0.0.1:${MOCK_PORTS[api].fallback}`);
    // "sandbox" named the service's remote test host once; it is "test" now, and the local one says it is local.
    expect(byEnvironment.sandbox).toBeUndefined();
    expect(byEnvironment.test).toMatch(/^https:\/\/\S+\.test\./);
  });

  it("are described in plain text, in the spec and in the docs copy with its notes", () => {
    for (const server of servers) expect(server.description, server.url).not.toMatch(MARKDOWN);
    const docsCopy = structuredClone(loadBundledSpec(api));
    markSourceNotes(docsCopy);
    const described = docsCopy.servers as Server[];
    for (const server of described) expect(server.description, server.url).not.toMatch(MARKDOWN);
    // The notes are still said, in words.
    const inferred = servers.filter((server) => "x-inferred" in server);
    for (const server of described.filter((s) => inferred.some((i) => i.url === s.url)))
      expect(server.description).toContain("Inferred (not stated");
  });
});
