/**
 * Card numbers in echoed input: problem documents and OAuth errors may quote what a client
 * sent (a query modifier, a stamp name, a tag), and a client may have sent a PAN there. Runs of
 * 13 to 19 digits, also when written in groups separated by spaces or dashes, are masked with
 * the clients' redaction helper before anything is echoed.
 */
import { maskPans } from "../../../toolkit/clients/common/redact";

/** 13 to 19 digits, at most one space or dash between two of them (`4111 1111 1111 1111`). */
const WRITTEN_CARD_NUMBER = /\d(?:[ -]?\d){12,18}/g;

/** The text with every PAN-like digit run masked to its last four digits. */
export function maskCardNumbers(text: string): string {
  // The shared helper masks contiguous runs; join grouped ones first so it sees them whole.
  return maskPans(text.replace(WRITTEN_CARD_NUMBER, (run) => run.replace(/[ -]/g, "")));
}

/** Characters of one echoed message: far above any rule's wording, it cuts echoed input (a 200 KB tag) short. */
export const MAX_MESSAGE_LENGTH = 1000;

/** A message fit to send back: card numbers masked, then cut to the length bound. */
export function sendableMessage(message: string): string {
  const masked = maskCardNumbers(message);
  return masked.length > MAX_MESSAGE_LENGTH ? `${masked.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : masked;
}
