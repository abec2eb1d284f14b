/**
 * Renders the guides (docs/*.md) to HTML pages with the look of the Redoc pages (their fonts and
 * light-theme colours), for dist/docs/guides/. Links between guides (`clients.md#x`) become links
 * to the rendered pages (`clients.html#x`); headings get GitHub-style ids so those anchors work.
 * Relative links to other repository files stay as written (they resolve in a checkout or on the
 * repository host, not on the docs server).
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { Marked, type Tokens } from "marked";

/** Shared by the guides and the index page: Redoc's font stacks and light-theme palette. */
export const docsPageCss = `
  :root {
    --font-family-base: system-ui, -apple-system, BlinkMacSystemFont, 'Segoe UI', 'Roboto', 'Oxygen', 'Ubuntu', 'Cantarell', 'Fira Sans', 'Droid Sans', 'Helvetica Neue', Arial, sans-serif;
    --font-family-monospaced: ui-monospace, Menlo, Monaco, 'Cascadia Mono', 'Segoe UI Mono', 'Roboto Mono', 'Oxygen Mono', 'Ubuntu Mono', 'Fira Mono', 'Droid Sans Mono', 'Courier New', monospace;
    --text: #1a1c21; --text-secondary: #555761; --link: #1f7cff; --border: #dcdde5;
    --code-bg: #fbfbfc; --inline-code-bg: #ededf2; --sidebar-bg: #fbfbfc;
  }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: var(--font-family-base); font-size: 16px; line-height: 1.6; color: var(--text); background: #fff; }
  header.docs-nav { position: sticky; top: 0; z-index: 1; background: var(--sidebar-bg); border-bottom: 1px solid var(--border); padding: 0.6rem 1.5rem; display: flex; gap: 1.25rem; flex-wrap: wrap; align-items: baseline; font-size: 14px; }
  header.docs-nav a { color: var(--text-secondary); text-decoration: none; }
  header.docs-nav a:hover, header.docs-nav a[aria-current] { color: var(--text); }
  header.docs-nav strong a { color: var(--text); }
  main { max-width: 52rem; margin: 0 auto; padding: 2rem 1.5rem 4rem; }
  h1, h2, h3, h4 { line-height: 1.25; font-weight: 600; margin: 2rem 0 0.75rem; }
  h1 { font-size: 2.25rem; margin-top: 0.5rem; } h2 { font-size: 1.6rem; } h3 { font-size: 1.25rem; }
  a { color: var(--link); text-decoration: none; } a:hover { text-decoration: underline; }
  code { font-family: var(--font-family-monospaced); font-size: 0.875em; background: var(--inline-code-bg); border-radius: 4px; padding: 0.1em 0.35em; }
  pre { font-family: var(--font-family-monospaced); font-size: 13px; line-height: 1.5; background: var(--code-bg); border: 1px solid var(--border); border-radius: 8px; padding: 0.9rem 1rem; overflow-x: auto; }
  pre code { background: none; padding: 0; font-size: inherit; }
  /* A wide table uses the width of the window, not just the text column, centred on it, and wraps
     its cells past that; long lines of code wrap: nothing is cut off while the sides stay empty. */
  table { border-collapse: collapse; display: block; overflow-x: auto; margin: 1rem 0; font-size: 14px; width: max-content; min-width: 100%; max-width: min(calc(100vw - 3rem), 90rem); position: relative; left: 50%; transform: translateX(-50%); }
  th, td { overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; }
  th, td { border: 1px solid var(--border); padding: 0.4rem 0.7rem; text-align: left; vertical-align: top; }
  th { background: var(--sidebar-bg); font-weight: 600; }
  blockquote { margin: 1rem 0; padding: 0.25rem 1rem; border-left: 4px solid var(--border); color: var(--text-secondary); }
  hr { border: 0; border-top: 1px solid var(--border); margin: 2rem 0; }
  img { max-width: 100%; }
`;

export interface Guide {
  /** File name in docs/, e.g. `sandbox.md`. */
  source: string;
  /** Page name, e.g. `sandbox.html`. */
  page: string;
  /** Text of the first heading, or the file name. */
  title: string;
  /** The rendered Markdown (the page's main content). */
  body: string;
}

export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/<[^>]*>/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** `other.md` or `other.md#part` (a guide beside this one) → `other.html…`; anything else unchanged. */
function guideHref(href: string, guideNames: ReadonlySet<string>): string {
  const match = /^(?:\.\/)?([^/#?:]+)\.md(#.*)?$/.exec(href);
  return match && guideNames.has(`${match[1]}.md`) ? `${match[1]}.html${match[2] ?? ""}` : href;
}

export function renderGuide(markdown: string, guideNames: ReadonlySet<string>): { title: string | undefined; body: string } {
  const usedIds = new Map<string, number>();
  let title: string | undefined;
  const marked = new Marked({ gfm: true });
  marked.use({
    walkTokens(token) {
      if (token.type === "link") (token as Tokens.Link).href = guideHref((token as Tokens.Link).href, guideNames);
    },
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, { tokens, depth, text }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        const base = slug(text);
        const seen = usedIds.get(base) ?? 0;
        usedIds.set(base, seen + 1);
        const id = seen === 0 ? base : `${base}-${seen}`;
        if (depth === 1 && title === undefined) title = inner.replace(/<[^>]*>/g, "");
        return `<h${depth} id="${escapeHtml(id)}">${inner}</h${depth}>\n`;
      },
    },
  });
  const body = marked.parse(markdown, { async: false });
  return { title, body };
}

export function guidePage(guide: { title: string; body: string }, nav: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(guide.title)}</title>
<link rel="icon" href="data:,">
<style>${docsPageCss}</style></head>
<body>
${nav}
<main>
${guide.body}
</main>
</body></html>
`;
}

/** Every docs/*.md rendered, in file-name order (`guidePage` makes each a page). */
export function renderGuides(docsDir: string): Guide[] {
  const sources = readdirSync(docsDir)
    .filter((name) => name.endsWith(".md"))
    .sort();
  const names = new Set(sources);
  return sources.map((source) => {
    const page = `${basename(source, ".md")}.html`;
    const { title, body } = renderGuide(readFileSync(join(docsDir, source), "utf8"), names);
    return { source, page, title: title ?? source, body };
  });
}
