/**
 * Fault rules set through the control API: for requests of one operation (optionally only those
 * with a given amount, card, path id or account), a delay, the operation's documented answer with
 * a given status, a decline, or a connection closed before or after the request is processed;
 * for the next N matching requests or until removed.
 *
 * Two stages. The network's rules (latency, close) act before authentication: the listener asks
 * `network` once a request has fully arrived. The others act after it: an API's pipeline asks
 * `authenticated` once a request is authenticated, signed and valid, so a refused request never
 * uses one up, and `match.account` narrows them to the account the request is authenticated for.
 */
import type { components } from "../../../../generated/sandbox-control/schema";
import type { ArrivedRequest, NetworkFault, SandboxResponse } from "../listener/messages";
import type { AuthenticatedRequest, Intervention } from "../cross-api/interventions";
import { decodeForm } from "../../openapi-model/form-decoding";
import { objectOf } from "../../common/json-values";

type FaultCreate = components["schemas"]["FaultCreate"];
export type Fault = components["schemas"]["Fault"];
export type FaultAction = components["schemas"]["FaultAction"];

/** Rules held at once. */
export const MAX_FAULTS = 100;

interface Rule extends Fault {
  /** Which answers the rule can give, checked when it was added. */
  answer?: SandboxResponse;
}

/** What a rule needs to know of a request: the account only once it is authenticated. */
interface FaultRequest {
  operationId: string;
  params: Record<string, string>;
  contentType: string | undefined;
  rawBody: Buffer;
  account?: string;
}

/** Whether a rule acts before authentication (it models the network). */
function actsOnNetwork(action: FaultAction): boolean {
  return "latency_ms" in action || "close" in action;
}

/** Builds the documented answer of an operation for a status, or says why it cannot. */
export type DocumentedAnswer = (
  operationId: string,
  status: number,
) => { ok: true; answer: SandboxResponse } | { ok: false; reason: string };

/** The request's amount and card number, as the rule's `match` compares them. */
function bodyFields(request: FaultRequest): { amount?: string; pan?: string } {
  if (request.rawBody.length === 0) return {};
  const type = (request.contentType ?? "").toLowerCase();
  try {
    const decoded = objectOf(
      type.includes("json")
        ? JSON.parse(request.rawBody.toString("utf8"))
        : type.includes("x-www-form-urlencoded")
          ? decodeForm(request.rawBody.toString("utf8"))
          : {},
    );
    const card = objectOf(decoded.card);
    return {
      ...(typeof decoded.amount === "string" || typeof decoded.amount === "number" ? { amount: String(decoded.amount) } : {}),
      ...(typeof card.pan === "string" ? { pan: card.pan } : {}),
    };
  } catch {
    return {};
  }
}

export class FaultRules {
  private readonly rules: Rule[] = [];
  private nextId = 1;

  constructor(
    /** Every operationId of the gateway and merchant APIs. */
    private readonly operations: ReadonlySet<string>,
    private readonly documentedAnswer: DocumentedAnswer,
    /** Why an operation may not decline with a gateway status code, or undefined when it may. */
    private readonly declineRefusal: (operationId: string, code: number) => string | undefined,
  ) {}

  /** Adds a rule (valid against FaultCreate), or says in one line why it cannot be. */
  add(create: FaultCreate): { ok: true; fault: Fault } | { ok: false; error: string } {
    if (!this.operations.has(create.operation))
      return { ok: false, error: `operation: no operation ${create.operation} in the gateway or merchant API` };
    if (this.rules.length >= MAX_FAULTS) return { ok: false, error: `at most ${MAX_FAULTS} fault rules are held: remove one first` };
    // Redocly's example check cannot read an if/then that would say this in the schema.
    if (create.match?.account !== undefined && actsOnNetwork(create.action))
      return { ok: false, error: "match.account: a latency or close rule acts before authentication and cannot name an account" };
    let answer: SandboxResponse | undefined;
    if ("gateway_status_code" in create.action) {
      const refused = this.declineRefusal(create.operation, create.action.gateway_status_code);
      if (refused !== undefined) return { ok: false, error: `action.gateway_status_code: ${refused}` };
    }
    if ("status" in create.action) {
      const documented = this.documentedAnswer(create.operation, create.action.status);
      if (!documented.ok) return { ok: false, error: `action.status: ${documented.reason}` };
      answer = documented.answer;
    }
    const rule: Rule = {
      id: `flt-${this.nextId++}`,
      operation: create.operation,
      ...(create.match ? { match: { ...create.match } } : {}),
      action: create.action,
      remaining: create.count ?? null,
      applied: 0,
      ...(answer ? { answer } : {}),
    };
    this.rules.push(rule);
    return { ok: true, fault: shown(rule) };
  }

  list(): Fault[] {
    return this.rules.map(shown);
  }

  remove(id: string): boolean {
    const at = this.rules.findIndex((rule) => rule.id === id);
    if (at === -1) return false;
    this.rules.splice(at, 1);
    return true;
  }

  clear(): void {
    this.rules.length = 0;
  }

  /** The network's rule for a routed request that has fully arrived (before authentication). */
  network(request: ArrivedRequest): NetworkFault | undefined {
    if (this.rules.length === 0 || request.route.kind !== "match") return undefined;
    const rule = this.take(true, {
      operationId: request.route.route.operationId,
      params: request.route.params,
      contentType: request.headers["content-type"],
      rawBody: request.rawBody,
    });
    if (rule === undefined) return undefined;
    const { action } = rule;
    if ("latency_ms" in action) return { id: rule.id, latencyMs: action.latency_ms };
    return "close" in action ? { id: rule.id, close: action.close } : undefined;
  }

  /** The rule for an authenticated, valid request: the documented answer to give, or the decline. */
  authenticated(request: AuthenticatedRequest): Intervention | undefined {
    if (this.rules.length === 0) return undefined;
    const rule = this.take(false, request);
    if (rule === undefined) return undefined;
    return "gateway_status_code" in rule.action
      ? { id: rule.id, decline: rule.action.gateway_status_code }
      : { id: rule.id, answer: rule.answer! };
  }

  /** The first rule of the stage that matches the request, counted as applied (a rule used up goes). */
  private take(network: boolean, request: FaultRequest): Rule | undefined {
    let fields: ReturnType<typeof bodyFields> | undefined;
    for (const rule of this.rules) {
      if (rule.operation !== request.operationId || actsOnNetwork(rule.action) !== network) continue;
      const match = rule.match;
      if (match?.account !== undefined && match.account !== request.account) continue;
      if (match?.path_id !== undefined && !Object.values(request.params).includes(match.path_id)) continue;
      if (match?.amount !== undefined || match?.card_last4 !== undefined) {
        fields ??= bodyFields(request);
        if (match.amount !== undefined && fields.amount !== match.amount) continue;
        if (match.card_last4 !== undefined && !fields.pan?.endsWith(match.card_last4)) continue;
      }
      rule.applied = (rule.applied ?? 0) + 1;
      if (rule.remaining !== null) {
        rule.remaining -= 1;
        if (rule.remaining <= 0) this.remove(rule.id);
      }
      return rule;
    }
    return undefined;
  }
}

function shown({ answer, ...fault }: Rule): Fault {
  void answer; // what the rule answers with stays inside the sandbox
  return structuredClone(fault);
}
