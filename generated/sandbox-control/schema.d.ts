export interface paths {
    "/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the clock */
        get: operations["getClock"];
        put?: never;
        /**
         * Move the clock forward
         * @description Every window and expiry runs on this clock. It only moves forward; a refused request leaves it where it was.
         */
        post: operations["advanceClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset the sandbox
         * @description Every store of both APIs back to the seeds (and to the fixtures loaded at start), the clock back to now, the fault rules and the isolated accounts gone. Answers once done: the next request sees the new state. Tokens, upload links and ids issued before are no longer valid. The exchange record is kept.
         */
        post: operations["resetSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an isolated account
         * @description A fresh merchant account on both APIs: a gateway API key with a signing key pair of its own partner, and a merchant-API OAuth client acting for the same merchant. Tests running side by side against one sandbox each take one, and never see each other's transactions, applications or rate-limit windows. At most 100 are held: the oldest is forgotten (its credentials stop working) when one more is made. A reset forgets them all.
         */
        post: operations["createAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the fault rules */
        get: operations["listFaults"];
        put?: never;
        /**
         * Add a fault rule
         * @description At most 100 rules are held. An injected answer validates against the spec of its API like any other answer of the sandbox.
         */
        post: operations["addFault"];
        /** Remove every fault rule */
        delete: operations["clearFaults"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/faults/{fault_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example flt-1 */
                fault_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a fault rule */
        delete: operations["removeFault"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exchanges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the exchanges
         * @description The record of both APIs' requests and answers, oldest first, filtered. The record keeps the newest 1,000 exchanges (`--exchanges N` / `SANDBOX_EXCHANGES` sets it, up to 100,000); `payment-apis sandbox --log FILE` also appends every exchange to a file as NDJSON.
         */
        get: operations["listExchanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * Clock
         * @description The sandbox clock.
         */
        Clock: {
            /**
             * Format: date-time
             * @description The sandbox's current instant (UTC, RFC 3339).
             */
            now: string;
            /** @description How far the sandbox clock runs ahead of the real clock. */
            offset_seconds: number;
        };
        /**
         * ControlError
         * @description Why a control request was refused or failed, in one line naming the field or setting.
         */
        ControlError: {
            error: string;
        };
        /**
         * ClockAdvance
         * @description How far to move the clock forward. The clock runs at most 3,162,240,000 seconds (a hundred years) ahead in all.
         */
        ClockAdvance: {
            /** @description Seconds to move forward, at most ten years a step. */
            advance_seconds: number;
        };
        /**
         * Account
         * @description A fresh merchant account on both APIs, for one test. Its credentials are shown once: the sandbox keeps no copy of the signing private key. Another client sees none of its data.
         */
        Account: {
            gateway: {
                /** @description The sandbox's id of the merchant account. */
                account_id: string;
                /**
                 * Format: uuid
                 * @description The account's API key (the HTTP Basic user name, empty password).
                 */
                api_key: string;
                /**
                 * Format: uuid
                 * @description The signing API key of the account's own partner, for `Signature: <signing api key> RS256-hex <hex>`.
                 */
                signing_api_key: string;
                /** @description The RSA-2048 private key of the signing key, PKCS#8 PEM. Shown once. */
                signing_private_key_pem: string;
            };
            merchant: {
                /** @description The merchant the client acts for (the same id as the gateway account). */
                merchant: string;
                client_id: string;
                client_secret: string;
            };
        };
        /**
         * FaultAction
         * @description What happens to a matching request. Exactly one kind.
         */
        FaultAction: {
            latency_ms: number;
        } | {
            status: number;
        } | {
            /** @enum {string} */
            close: "before-processing" | "after-processing";
        };
        /**
         * Fault
         * @description A fault rule in force.
         */
        Fault: {
            id: string;
            operation: string;
            match?: {
                amount?: string;
                card_last4?: string;
                path_id?: string;
            };
            action: components["schemas"]["FaultAction"];
            /** @description How many more matching requests it applies to; null until it is removed. */
            remaining: number | null;
            /** @description How many requests it has been applied to. */
            applied?: number;
        };
        /**
         * FaultList
         * @description The fault rules in force, in the order they are matched.
         */
        FaultList: {
            items: components["schemas"]["Fault"][];
        };
        /**
         * FaultCreate
         * @description A fault rule: which requests it matches, what happens to them, and for how many. Rules are matched in the order they were added; the first that matches applies.
         */
        FaultCreate: {
            /** @description The operationId of a gateway or merchant API operation (`createCapture`, `listApplications`). */
            operation: string;
            /** @description Narrows the rule to some requests of the operation; every member given must match. */
            match?: {
                /** @description The request's `amount` parameter, as sent. */
                amount?: string;
                /** @description The last four digits of the request's card number (the control API never takes a whole card number). */
                card_last4?: string;
                /** @description The id in the request's path (an authorization, an application). */
                path_id?: string;
            };
            action: components["schemas"]["FaultAction"];
            /** @description How many matching requests the rule applies to; omitted, until it is removed or the sandbox is reset. */
            count?: number;
        };
        /**
         * ExchangeMessage
         * @description Headers (names in lower case) and the body as text, masked; a body over 16 KiB is cut and says so.
         */
        ExchangeMessage: {
            headers: {
                [key: string]: string;
            };
            body?: string;
        };
        /**
         * SignatureVerdict
         * @description How the gateway sandbox judged a request's `Signature`. For a signature over other bytes, what it received and the common causes it can detect.
         */
        SignatureVerdict: {
            /**
             * @description `missing`: no header; `malformed`: not `<signing api key> RS256-hex <lowercase hex>`; `unknown-key`: no such signing key; `wrong-partner`: a key of another merchant's partner; `mismatch`: a signature over other bytes.
             * @enum {string}
             */
            verdict: "valid" | "missing" | "malformed" | "unknown-key" | "wrong-partner" | "mismatch";
            detail?: string;
            received_bytes?: number;
            /** @description The SHA-256 of the body bytes received, to compare with what was signed. */
            sha256?: string;
            likely_causes?: string[];
        };
        /**
         * Exchange
         * @description One request to the gateway or merchant API and its answer, as the sandbox saw them. Card numbers are masked to their last four digits, CSCs, secrets and passwords replaced by `***`, tokens, API keys and signatures shortened to their first characters.
         */
        Exchange: {
            /** @description Increasing; `since` lists the exchanges after one. */
            id: number;
            /**
             * Format: date-time
             * @description When the request arrived (real time, UTC).
             */
            at: string;
            /** @enum {string} */
            api: "gateway" | "merchant" | "storage";
            method: string;
            /** @description The request target (path and query), masked like the body. */
            path: string;
            /** @description The operationId the request was routed to; absent for a path of no operation. */
            operation?: string;
            /** @description The HTTP status answered; 0 when no answer was sent (the client left, or a fault closed the connection). */
            status: number;
            /** @description The gateway's transaction status code in the answer, if it has one. */
            gateway_status_code?: number;
            duration_ms: number;
            /** @description The id of the fault rule applied to the request. */
            fault?: string;
            request: components["schemas"]["ExchangeMessage"];
            response: components["schemas"]["ExchangeMessage"];
            signature?: components["schemas"]["SignatureVerdict"];
        };
        /**
         * ExchangeList
         * @description Exchanges, oldest first.
         */
        ExchangeList: {
            items: components["schemas"]["Exchange"][];
            /** @description How many older exchanges the record has let go of (it keeps the newest, up to its size). */
            dropped: number;
        };
    };
    responses: {
        /** @description The request is not acceptable: a body or parameter that breaks the schema (the error names it), a body that is not JSON, or a request from a host other than loopback or from a browser page. Nothing was changed. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ControlError"];
            };
        };
        /** @description The sandbox failed to do what was asked. A 5xx from the sandbox is a bug of the sandbox; the body says what failed. */
        ServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ControlError"];
            };
        };
        /** @description The body is not `application/json`. A web page's form or a `text/plain` request cannot steer the sandbox. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ControlError"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Clock"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["ServerError"];
        };
    };
    advanceClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClockAdvance"];
            };
        };
        responses: {
            /** @description The clock, moved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Clock"];
                };
            };
            400: components["responses"]["BadRequest"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["ServerError"];
        };
    };
    resetSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sandbox is back at its start; the answer is the clock. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Clock"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["ServerError"];
        };
    };
    createAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account, with its credentials (shown once). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["ServerError"];
        };
    };
    listFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rules in force. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultList"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["ServerError"];
        };
    };
    addFault: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FaultCreate"];
            };
        };
        responses: {
            /** @description The rule, in force from the next request. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fault"];
                };
            };
            400: components["responses"]["BadRequest"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["ServerError"];
        };
    };
    clearFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No rule is in force. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["ServerError"];
        };
    };
    removeFault: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example flt-1 */
                fault_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule is no longer in force. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /** @description No rule with this id is in force. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ControlError"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    listExchanges: {
        parameters: {
            query?: {
                /**
                 * @description Only exchanges routed to this operationId.
                 * @example createCapture
                 */
                operation?: string;
                /**
                 * @description Only exchanges answered with this HTTP status (0 for those that got none).
                 * @example 400
                 */
                status?: number;
                /**
                 * @description Only exchanges after this id (the last id a test saw).
                 * @example 120
                 */
                since?: number;
                /**
                 * @description At most this many, the oldest first.
                 * @example 20
                 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The exchanges. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExchangeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["ServerError"];
        };
    };
}
