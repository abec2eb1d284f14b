/**
 * Where a change is written: the source file under openapi/ and the line, for a pointer into the
 * bundle. The operation-context pointers that the diff reports go through `$ref`s as if they
 * were not there; the sources are split into files joined by `$ref`s, so the walk follows each
 * reference into its file and goes on there. Where the bundle's shape differs from the sources'
 * (a path-level parameter copied into each operation, `allOf` members merged), the walk looks
 * into the path's own parameters and into each `allOf` member, and otherwise stops at the
 * deepest node it found: still the right file, and the line of the enclosing object.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document as YamlDocument, type Node as YamlNode } from "yaml";
import { pointerSegments } from "./spec-diff-rules";

export interface SourceLine {
  /** Relative to the checkout's root: "openapi/gateway/components/schemas/Pan.yaml". */
  file: string;
  line: number;
}

interface ParsedFile {
  document: YamlDocument;
  lines: LineCounter;
}

/** A function from a bundle pointer (and the changed keyword) to its source line; built once per checkout and API. */
export type SourceLocator = (pointer: string, property?: string, parameter?: { name?: string; in?: string }) => SourceLine | undefined;

export function sourceLocator(checkoutRoot: string, rootDocument: string): SourceLocator {
  const files = new Map<string, ParsedFile | undefined>();
  const load = (path: string): ParsedFile | undefined => {
    if (!files.has(path)) {
      if (!existsSync(path)) files.set(path, undefined);
      else {
        const lines = new LineCounter();
        files.set(path, { document: parseDocument(readFileSync(path, "utf8"), { lineCounter: lines }), lines });
      }
    }
    return files.get(path);
  };
  interface Position {
    path: string;
    node: YamlNode | null | undefined;
  }
  const lineOf = (position: Position) => {
    const file = load(position.path);
    const offset = position.node?.range?.[0];
    return file === undefined || offset === undefined ? 1 : file.lines.linePos(offset).line;
  };
  const child = (node: unknown, key: string): YamlNode | undefined => {
    if (isMap(node)) return node.get(key, true) ?? undefined;
    if (isSeq(node)) return node.get(Number(key), true) ?? undefined;
    return undefined;
  };
  /** Follows a `$ref` (to another file, a fragment of it, or this file) to the node it names. */
  const follow = (position: Position, depth = 0): Position => {
    const ref = child(position.node, "$ref");
    if (depth > 20 || !isScalar(ref) || typeof ref.value !== "string") return position;
    const [target, fragment = ""] = ref.value.split("#");
    const path = target === "" || target === undefined ? position.path : resolve(dirname(position.path), target);
    const file = load(path);
    if (file === undefined) return position;
    let node: YamlNode | null | undefined = file.document.contents;
    for (const segment of pointerSegments(`#${fragment}`)) node = child(node, segment);
    return node === undefined ? position : follow({ path, node }, depth + 1);
  };
  /** The next step of the walk, looking into `allOf` members when the key is not on the node itself. */
  const step = (position: Position, segment: string): Position | undefined => {
    const direct = child(position.node, segment);
    if (direct !== undefined) return follow({ path: position.path, node: direct });
    const members = child(position.node, "allOf");
    if (isSeq(members))
      for (const member of members.items) {
        const found = step(follow({ path: position.path, node: member as YamlNode }), segment);
        if (found !== undefined) return found;
      }
    return undefined;
  };

  /** The parameter of that name and location in a list (the bundle orders and copies parameters; the sources do not). */
  const parameterIn = (list: Position, wanted: { name?: string; in?: string }): Position | undefined => {
    if (!isSeq(list.node)) return undefined;
    for (const item of list.node.items) {
      const found = follow({ path: list.path, node: item as YamlNode });
      const name = child(found.node, "name");
      const location = child(found.node, "in");
      if (isScalar(name) && name.value === wanted.name && isScalar(location) && location.value === wanted.in) return found;
    }
    return undefined;
  };

  return (pointer, property, parameter) => {
    const root = load(rootDocument);
    if (root === undefined) return undefined;
    const segments = pointerSegments(pointer);
    let position: Position = { path: rootDocument, node: root.document.contents };
    let pathItem: Position | undefined;
    for (let index = 0; index < segments.length; index++) {
      const segment = segments[index]!;
      const pathParameters = () => (pathItem === undefined ? undefined : step(pathItem, "parameters"));
      let next: Position | undefined;
      if (segments[0] === "paths" && index === 3 && segment === "parameters") next = step(position, segment) ?? pathParameters();
      else if (segments[0] === "paths" && index === 4 && segments[3] === "parameters" && parameter !== undefined) {
        // By name and location, in the operation's list or its path's: the bundle orders parameters and copies the path's into each operation.
        const fromPath = pathParameters();
        next = parameterIn(position, parameter) ?? (fromPath === undefined ? undefined : parameterIn(fromPath, parameter));
      } else next = step(position, segment);
      if (next === undefined) break;
      position = next;
      if (segments[0] === "paths" && index === 1) pathItem = position;
    }
    // The changed keyword's own line when it is there (a modified `pattern`), else the node's.
    const at = (property === undefined ? undefined : step(position, property)) ?? position;
    return { file: relative(checkoutRoot, at.path), line: lineOf(at) };
  };
}
