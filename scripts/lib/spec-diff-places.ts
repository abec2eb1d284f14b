/**
 * Every place a change reaches. Redocly reports a change inside a shared component once, at the
 * first operation that reaches it; a component (a schema, a parameter, a path-level parameter
 * copied into every operation of its path) can be used by many operations, as a request at some
 * and a response at others. The places of a change are the operation-context pointers of every
 * use of the component that holds it, each followed by the change's position inside it.
 */
import { httpMethods, pointerSegments } from "./spec-diff-rules";

type Node = Record<string, unknown>;
const isObject = (value: unknown): value is Node => value !== null && typeof value === "object" && !Array.isArray(value);
const encode = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");
export const toOperationPointer = (segments: readonly string[]) => `#/${segments.map(encode).join("/")}`;

/** Uses recorded per document: a bound on the walk, so a deeply shared schema graph stays cheap. */
const maxUses = 50_000;

const usesByDocument = new WeakMap<Node, Map<string, string[][]>>();

/**
 * For every local `$ref` of a document, the operation-context segments of each place it is used
 * (through other references too: Card inside Authorization inside a request body).
 */
export function referenceUses(doc: Node): Map<string, string[][]> {
  const known = usesByDocument.get(doc);
  if (known !== undefined) return known;
  const uses = new Map<string, string[][]>();
  let recorded = 0;
  const visit = (node: unknown, at: string[], chain: readonly string[]) => {
    if (recorded > maxUses) return;
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, [...at, String(index)], chain));
    if (!isObject(node)) return;
    const ref = node.$ref;
    if (typeof ref === "string" && ref.startsWith("#/")) {
      uses.set(ref, [...(uses.get(ref) ?? []), at]);
      recorded++;
      if (!chain.includes(ref)) {
        const target = pointerSegments(ref).reduce<unknown>((found, part) => (isObject(found) ? found[part] : undefined), doc);
        visit(target, at, [...chain, ref]);
      }
    }
    for (const [key, value] of Object.entries(node))
      if (key !== "$ref" && key !== "example" && key !== "examples") visit(value, [...at, key], chain);
  };
  for (const [path, pathItem] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(pathItem)) continue;
    for (const [method, operation] of Object.entries(pathItem)) {
      if (!httpMethods.has(method) || !isObject(operation)) continue;
      for (const section of ["parameters", "requestBody", "responses"]) visit(operation[section], ["paths", path, method, section], []);
    }
  }
  usesByDocument.set(doc, uses);
  return uses;
}

/**
 * The last `$ref` that an operation-context pointer passes through and the segments after it:
 * the change's cause, which every use of that reference shares. Undefined when no reference is
 * on the way (the change is local to one place).
 */
export function causeOf(doc: Node, segments: readonly string[]): { reference: string; inside: string[] } | undefined {
  let node: unknown = doc;
  let cause: { reference: string; inside: string[] } | undefined;
  const follow = (index: number) => {
    for (let depth = 0; isObject(node) && typeof node.$ref === "string" && node.$ref.startsWith("#/") && depth < 20; depth++) {
      cause = { reference: node.$ref, inside: segments.slice(index) };
      node = pointerSegments(node.$ref).reduce<unknown>((found, part) => (isObject(found) ? found[part] : undefined), doc);
    }
  };
  for (let index = 0; index < segments.length; index++) {
    follow(index);
    const segment = segments[index]!;
    node = isObject(node) ? node[segment] : Array.isArray(node) ? node[Number(segment)] : undefined;
  }
  follow(segments.length);
  return cause;
}

/**
 * The operation-context pointers of every place the change at `pointer` reaches in `doc`: the
 * pointer itself first, then every other use of the component that holds the change.
 */
export function placesOf(doc: Node, pointer: string): string[] {
  const segments = pointerSegments(pointer);
  if (segments[0] !== "paths") return [pointer];
  const cause = causeOf(doc, segments);
  if (cause === undefined) return [pointer];
  const places = (referenceUses(doc).get(cause.reference) ?? []).map((use) => toOperationPointer([...use, ...cause.inside]));
  return [...new Set([pointer, ...places])];
}
