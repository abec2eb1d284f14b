/**
 * Shell lines a user pastes into a POSIX shell (the contract suite's reproductions, the sandbox
 * console's "copy as curl"): literal words quoted by shell-quote, secrets as shell variables each
 * with one note saying what to set, a body held in BODY so that curl sends and openssl signs the
 * same bytes.
 */
import { quote } from "shell-quote";

/** A piece of a shell word: literal text, or a variable expanded in its place. */
export type Part = string | { variable: string };

/** The variables a command uses, in order, each with the line that says what to set. */
export class Variables {
  readonly notes = new Map<string, string>();
  use(name: string, note: string): Part {
    if (!this.notes.has(name)) this.notes.set(name, note);
    return { variable: name };
  }
}

/** Text a POSIX shell takes as it is, unquoted (the set Python's shlex.quote leaves alone). */
const PLAIN = /^[\w@%+=:,./-]+$/;

/** A literal as a shell word: as it is when that is safe, else quoted by shell-quote. */
export const literal = (text: string) => (PLAIN.test(text) ? text : quote([text]));

/** Characters a POSIX shell gives a meaning inside double quotes (and `!`, which bash's history expansion does). */
const DOUBLE_QUOTED_SPECIAL = /["$\\`!]/;

/**
 * One shell word. When no literal part holds a character special inside double quotes, it is
 * one double-quoted string (`"${GATEWAY_API_KEY}:"`, `"a=1&b=2"`), or the text itself when that
 * needs no quotes; otherwise each literal part is quoted by shell-quote and each variable
 * expanded in double quotes, side by side.
 */
export function word(parts: Part[]): string {
  const kept = parts.filter((part) => part !== "");
  if (kept.length === 0) return "''";
  const literals = kept.filter((part): part is string => typeof part === "string");
  if (literals.length === kept.length && PLAIN.test(literals.join(""))) return literals.join("");
  if (literals.every((text) => !DOUBLE_QUOTED_SPECIAL.test(text))) {
    return `"${kept.map((part) => (typeof part === "string" ? part : `\${${part.variable}}`)).join("")}"`;
  }
  return kept.map((part) => (typeof part === "string" ? literal(part) : `"$${part.variable}"`)).join("");
}

/** Characters a pasted line must not carry raw: C0 controls but tab and newline, and DEL. */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f) return true;
  }
  return false;
}

/**
 * `BODY=...` for a text with control characters: a printf format (its bytes octal-escaped, the
 * variables as %s arguments) and a sentinel, since $(...) drops trailing newlines.
 */
export function printfAssignment(parts: Part[]): string {
  let format = "";
  const args: string[] = [];
  for (const part of parts) {
    if (typeof part !== "string") {
      format += "%s";
      args.push(`"$${part.variable}"`);
      continue;
    }
    for (const byte of Buffer.from(part, "utf8")) {
      const char = String.fromCharCode(byte);
      if (char === "'") format += "'\\''";
      else if (char === "\\") format += "\\\\";
      else if (char === "%") format += "%%";
      else if (byte >= 0x20 && byte < 0x7f) format += char;
      else format += `\\${byte.toString(8).padStart(3, "0")}`;
    }
  }
  return `BODY=$(printf '${format}_'${args.map((a) => ` ${a}`).join("")}); BODY=\${BODY%_}`;
}

/** `BODY=...` for a body text: one word, or a printf when it holds control characters. */
export function bodyAssignment(parts: Part[], text: string): string {
  return hasControlCharacters(text) ? printfAssignment(parts) : `BODY=${word(parts)}`;
}

/** What a signature is made over: a shell word's text (`"$BODY"`), or a file's bytes (what `curl --data-binary @file` sends). */
export type SignedInput = { text: string } | { file: string };

/** How to sign the body as the spec's signing chapter says, with the PEM key in a file: the same bytes curl sends. */
export function signatureLine(name: string, input: SignedInput): string {
  const bytes = "file" in input ? `< ${literal(input.file)}` : `printf '%s' ${input.text} |`;
  const sign = `openssl dgst -sha256 -sign "$GATEWAY_SIGNING_KEY_FILE"`;
  return `${name}=$(${"file" in input ? `${sign} ${bytes}` : `${bytes} ${sign}`} | od -An -v -tx1 | tr -d ' \\n')`;
}

/** One comment line per note: the variables that share one on one line (`#` is a note without a variable). */
export function noteLines(vars: Variables): string[] {
  const byNote = new Map<string, string[]>();
  for (const [name, note] of vars.notes) byNote.set(note, [...(byNote.get(note) ?? []), name]);
  return [...byNote].map(([note, names]) => (names[0] === "#" ? `# ${note}` : `# ${names.map((name) => `$${name}`).join(", ")}: ${note}`));
}
