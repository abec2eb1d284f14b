/**
 * A PCI rule every answer of either API must hold: it never carries the card number or the
 * card security code of the request it answers, in the body or in a header, whatever the
 * status. The card data is read from the request as sent (form or JSON, at any depth: `pan` and
 * `csc` members); an answer is searched for the PAN written whole or in groups, and for the CSC
 * as a value of a CSC member or after a CSC name.
 */
import { parse as parseForm } from "qs";

export interface CardData {
  pans: string[];
  cscs: string[];
}

const PAN = /^\d{12,19}$/;
const CSC = /^\d{3,4}$/;

function decode(body: string, mediaType: string | undefined): unknown {
  try {
    return /json/i.test(mediaType ?? "") ? JSON.parse(body) : parseForm(body, { depth: 10, parameterLimit: 2000 });
  } catch {
    return undefined;
  }
}

/** The PANs and CSCs in a request body (none when it carries no card). */
export function cardDataOf(body: string | undefined, mediaType: string | undefined): CardData {
  const found: CardData = { pans: [], cscs: [] };
  if (!body) return found;
  const visit = (node: unknown, key: string) => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, key));
    if (node && typeof node === "object") {
      for (const [name, value] of Object.entries(node)) visit(value, name);
      return;
    }
    const text = typeof node === "number" ? String(node) : typeof node === "string" ? node : undefined;
    if (text === undefined) return;
    if (/pan$/i.test(key) && PAN.test(text)) found.pans.push(text);
    if (/csc$/i.test(key) && CSC.test(text)) found.cscs.push(text);
  };
  visit(decode(body, mediaType), "");
  return found;
}

/** The PAN as written whole or in groups (`4111 1111-1111 1111`), not inside a longer digit run. */
function panPattern(pan: string): RegExp {
  return new RegExp(`(?<!\\d)${pan.split("").join("[ -]?")}(?!\\d)`);
}

/** The CSC as the value of a CSC member (JSON or form) or after a CSC name in text. */
function cscPattern(csc: string): RegExp {
  return new RegExp(`csc\\W{0,4}(?:value\\W{0,4})?["'=: ]\\s*["']?${csc}(?!\\d)`, "i");
}

/** Problems for an answer that carries the request's card data; empty when it carries none. */
export function cardDataEchoes(sent: CardData, answer: { headers: Headers; text: string }): string[] {
  if (sent.pans.length === 0 && sent.cscs.length === 0) return [];
  const places: Array<[string, string]> = [["the body", answer.text]];
  answer.headers.forEach((value, name) => places.push([`the ${name} header`, value]));
  const problems: string[] = [];
  for (const [place, text] of places) {
    // The message must not repeat what it warns about: the PAN's last four digits only.
    for (const pan of sent.pans)
      if (panPattern(pan).test(text))
        problems.push(`${place} carries the request's card number (…${pan.slice(-4)}); an answer must never echo a PAN`);
    for (const csc of sent.cscs)
      if (cscPattern(csc).test(text)) problems.push(`${place} carries the request's card security code; an answer must never echo a CSC`);
  }
  return problems;
}
