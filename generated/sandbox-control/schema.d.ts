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
    "/exchanges/{exchange_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 7 */
                exchange_id: number;
            };
            cookie?: never;
        };
        /**
         * Explain an exchange
         * @description One exchange of the record with what the console shows beside it: for a refused request, the rule it broke as the API's answer states it and where the operation is documented; and a curl command that sends the request again, with shell variables in place of every secret (the record keeps none). A signed gateway request gets the openssl line that signs the body with the key in `GATEWAY_SIGNING_KEY_FILE`.
         */
        get: operations["getExchange"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exchange-stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow new exchanges
         * @description Server-Sent Events: one `exchange` event per new exchange of the record (its `data` is the Exchange as JSON, its `id` the exchange's id), and a comment line every 15 seconds. A client that reconnects with `Last-Event-ID` first gets the exchanges after that id that the record still holds (at most 1,000). A client that does not read is disconnected once 1 MiB waits for it; at most 16 streams are open at once, at most 8 of them for one origin (a page's `Origin`, or one browser's same-origin pages, or the clients that are no browser), so no page takes every place. A browser's cross-site request (`Sec-Fetch-Site` other than `same-origin` or `none`) is refused: only the console's own page and clients outside a browser follow the record. Streams end when the sandbox stops.
         */
        get: operations["streamExchanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/state/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the gateway's transactions
         * @description The authorizations and debits the gateway sandbox holds, oldest first, each with what remains to capture, refund or void and whether each is allowed now on the sandbox clock (and if not, the gateway's own reason), with the instant each window closes.
         */
        get: operations["listGatewayTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/state/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the merchant applications
         * @description The applications the merchant sandbox holds, oldest first, each with its state, its stamps, its people (by name only: the view shows no personal numbers), the files of the application and of each person (whether their content was uploaded), and its newest comments.
         */
        get: operations["listMerchantApplications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/state/rate-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the rate-limit windows
         * @description The merchant API's open rate-limit windows: per operation and per OAuth client (or, for a caller that failed authentication, per address), how many requests the window counted, the quota and when the window ends on the sandbox clock. Windows that have ended are left out.
         */
        get: operations["listRateLimitWindows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fixtures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the fixtures loaded
         * @description The fixtures built since the last reset (at most the newest 20), each with the names and kinds of what it built; no credentials.
         */
        get: operations["listFixtures"];
        put?: never;
        /**
         * Load a fixture
         * @description Builds a fixture (the format of `payment-apis sandbox --fixtures`, as JSON; docs/sandbox.md, Fixtures) through the APIs' own rules, in one step that no other request sees half done and that is undone if any of it is refused, so that a fixture that cannot be built changes nothing. What it built is gone with the next reset (a fixture loaded at start is built again).
         */
        post: operations["loadFixture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open the console
         * @description The sandbox console, a page for a browser on this machine: the exchanges as they happen and why each was answered so, the gateway's transactions with their windows, and the clock, reset, faults and accounts. It reads and steers the sandbox only through this API and loads nothing from elsewhere.
         */
        get: operations["getConsole"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/{asset}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example console.js */
                asset: "console.js" | "console.css";
            };
            cookie?: never;
        };
        /**
         * Load a file of the console
         * @description The console's script and style sheet.
         */
        get: operations["getConsoleAsset"];
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
         * @description What happens to a matching request. Exactly one kind. Latency and Close model the network: they act before authentication, on any request of the operation as it arrived (one without credentials or with a bad signature uses them up too). Answer and Decline act after authentication (and the signature and the request's checks): only a request the API would process uses them up, and `match.account` narrows them to one account.
         */
        FaultAction: {
            latency_ms: number;
        } | {
            status: number;
        } | {
            gateway_status_code: number;
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
                account?: string;
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
                /** @description Only requests authenticated for this account: a gateway merchant account id or a merchant API merchant (an isolated account's `gateway.account_id` is also its `merchant.merchant`). Answer and Decline rules only: Latency and Close rules act before authentication, like the network they model, and cannot know the account. */
                account?: string;
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
         * @description One request to the gateway API, the merchant API or its storage host and its answer, or a request the control API refused, as the sandbox saw them. Card numbers are masked to their last four digits, CSCs, secrets and passwords replaced by `***`, tokens, API keys and signatures shortened to their first characters.
         */
        Exchange: {
            /** @description Increasing; `since` lists the exchanges after one. */
            id: number;
            /**
             * Format: date-time
             * @description When the request arrived (real time, UTC).
             */
            at: string;
            /**
             * @description The listener that answered: `control` for a request to `/_sandbox/` that the control API refused (its other answers are not recorded).
             * @enum {string}
             */
            api: "gateway" | "merchant" | "storage" | "control";
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
            /** @description For a refused request (status 400 or more, or none), why, in one line: the sandbox's own words where the answer has no body or was sent before routing (a 401 or 404, a foreign `Host`, a request that is not valid HTTP), else the answer's message (the gateway's `status.message`, the problem's `detail` or `title`, the storage host's `Message`). */
            reason?: string;
            /** @description The id of the fault rule applied to the request. */
            fault?: string;
            request: components["schemas"]["ExchangeMessage"];
            response: components["schemas"]["ExchangeMessage"];
            signature?: components["schemas"]["SignatureVerdict"];
            /** @description The request came without `Content-Type`, and its body was read as this media type, as the gateway reads such a body (`x-request-media-type-when-missing`). Absent when the request named its media type. */
            assumed_content_type?: string;
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
        /**
         * ExchangeDetail
         * @description An exchange with what explains it.
         */
        ExchangeDetail: {
            exchange: components["schemas"]["Exchange"];
            /** @description For a refused request (an answer of 400 or more), the rule it broke as the answer states it. */
            refusal?: {
                /** @description The gateway's status message, or the merchant problem's title, detail and each error's field and message. */
                messages: string[];
                /** @description The merchant problem's `type`. */
                problem_type?: string;
                /** @description The operation the request was routed to. */
                operation?: string;
                /** @description Where the operation is documented in the API reference (`npm run docs`, dist/docs/), relative to its root. */
                docs?: string;
            };
            /** @description Shell lines that send the request again; every secret is a shell variable, named in a comment line. */
            curl: string;
        };
        /**
         * FollowUpState
         * @description Whether a capture, refund or void of the transaction is allowed now, and until when.
         */
        FollowUpState: {
            /** @description The amount it may still take (in minor units); absent for a void. */
            remaining?: number;
            /** @description Whether the gateway would accept it now, on the sandbox clock. */
            allowed: boolean;
            /** @description The gateway's status message when it is not allowed. */
            reason?: string;
            /**
             * Format: date-time
             * @description When its window closes on the sandbox clock; absent when no window has opened (a refund before any capture).
             */
            window_closes_at?: string;
        };
        /**
         * TransactionState
         * @description An authorization or debit as the gateway sandbox holds it.
         */
        TransactionState: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "authorization" | "debit";
            /** @description The gateway account it belongs to. */
            account: string;
            /** @description The gateway status code it ended with. */
            status_code: number;
            /** @description What the status code means, as the gateway's status code table names it (`Invalid card number`). */
            status_meaning: string;
            /** @description In minor units of `currency`, as sent. With a status-forcing test card the amount chose the status (`amount` 40110 declines with 40110), so the two are then equal. */
            amount: number;
            currency: string;
            /** @description How many digits of the amounts are minor units in `currency`, by the gateway's currency table (2050 with exponent 2 is 20.50). */
            currency_exponent: number;
            /**
             * Format: date-time
             * @description When it was made, on the sandbox clock.
             */
            created_at: string;
            captured?: number;
            /** @description For a debit, the whole amount once it is refunded. */
            refunded?: number;
            voided?: boolean;
            capture?: components["schemas"]["FollowUpState"];
            refund?: components["schemas"]["FollowUpState"];
            void?: components["schemas"]["FollowUpState"];
        };
        /**
         * TransactionStateList
         * @description A page of the gateway's transactions, with the clock their windows were judged on.
         */
        TransactionStateList: {
            clock: components["schemas"]["Clock"];
            items: components["schemas"]["TransactionState"][];
            /**
             * Format: uuid
             * @description The `after` of the next page, when there is one.
             */
            next?: string;
        };
        /**
         * StateFile
         * @description A file's metadata, and whether its content was uploaded.
         */
        StateFile: {
            id: string;
            label: string;
            name?: string;
            uploaded: boolean;
        };
        /**
         * ApplicationState
         * @description An application as the merchant sandbox holds it.
         */
        ApplicationState: {
            id: string;
            merchant: string;
            /** @description Its state (`unsubmitted`, `submitted`, ...). */
            state: string;
            /**
             * Format: date-time
             * @description When it was made, on the sandbox clock.
             */
            created_at: string;
            trading_name?: string;
            stamps: string[];
            people: {
                id: string;
                name?: string;
                files: components["schemas"]["StateFile"][];
            }[];
            files: components["schemas"]["StateFile"][];
            /** @description The newest 20 comments on the application, oldest first, each body cut to 500 characters. */
            comments: {
                id: string;
                body: string;
                tags?: string[];
                /** Format: date-time */
                created_at: string;
            }[];
            /** @description How many comments the application has in all. */
            comment_count: number;
        };
        /**
         * ApplicationStateList
         * @description A page of the merchant sandbox's applications.
         */
        ApplicationStateList: {
            clock: components["schemas"]["Clock"];
            items: components["schemas"]["ApplicationState"][];
            /** @description The `after` of the next page, when there is one. */
            next?: string;
        };
        /**
         * RateLimitWindowList
         * @description A page of the merchant API's open rate-limit windows.
         */
        RateLimitWindowList: {
            clock: components["schemas"]["Clock"];
            /** @description How long a window lasts. */
            window_seconds: number;
            items: {
                operation: string;
                /** @description The OAuth client it counts, when the caller authenticated. */
                client?: string;
                /** @description The caller's address, when it failed authentication. */
                address?: string;
                used: number;
                limit: number;
                /**
                 * Format: date-time
                 * @description When the window ends on the sandbox clock (a new one opens with the next request).
                 */
                ends_at: string;
            }[];
            /** @description The `offset` of the next page, when there is one. */
            next_offset?: number;
        };
        /**
         * FixtureList
         * @description The fixtures built since the last reset, oldest first.
         */
        FixtureList: {
            items: {
                source: string;
                /** Format: date-time */
                loaded_at: string;
                /** @description What it built, by fixture name (the first 1,000). */
                entities: {
                    name: string;
                    kind: string;
                }[];
            }[];
        };
        /**
         * FixtureLoaded
         * @description What a fixture built.
         */
        FixtureLoaded: {
            /** @description Where the fixture came from (`control API`, or its file). */
            source: string;
            /**
             * Format: date-time
             * @description When it was built (real time, UTC).
             */
            loaded_at: string;
            /** @description Every entity's ids by its fixture name (docs/sandbox.md, Fixtures, lists the members of each kind). */
            ids: {
                [key: string]: {
                    /** @enum {string} */
                    kind: "account" | "transaction" | "capture" | "refund" | "application" | "person" | "file" | "comment" | "dispute";
                    /** @description The resource's id (captures, refunds, applications, people, files, comments, disputes). */
                    id?: string;
                    /** @description The resource's `self` link (merchant API resources). */
                    href?: string;
                    /** @description A transaction's authorization id. */
                    authorization?: string;
                    /** @description A transaction's debit id. */
                    debit?: string;
                    /** @description A transaction's gateway status code. */
                    status?: number;
                    captures?: string[];
                    refunds?: string[];
                    void?: string;
                    /** @description A capture's or refund's transaction, by its fixture name. */
                    transaction?: string;
                    credentials?: components["schemas"]["Account"];
                };
            };
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
    getExchange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 7 */
                exchange_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The exchange, explained. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExchangeDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The record holds no exchange with this id (never made, or let go of). */
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
    streamExchanges: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The id of the last exchange the client got, when it reconnects.
                 * @example 120
                 */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream of new exchanges. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description A cross-site request from a browser page. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ControlError"];
                };
            };
            /** @description Already 16 streams are open, or 8 for this origin. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ControlError"];
                };
            };
        };
    };
    listGatewayTransactions: {
        parameters: {
            query?: {
                /**
                 * @description Only the transactions of this gateway account.
                 * @example isolated-1
                 */
                account?: string;
                /**
                 * @description Only transactions after this one (the `next` of a previous page).
                 * @example 5a8d7f5e-0b7c-4a43-9a8f-2f2d1c7b9e10
                 */
                after?: string;
                /**
                 * @description At most this many.
                 * @example 50
                 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transactions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionStateList"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["ServerError"];
        };
    };
    listMerchantApplications: {
        parameters: {
            query?: {
                /**
                 * @description Only the applications of this merchant.
                 * @example isolated-1
                 */
                merchant?: string;
                /**
                 * @description Only applications after this one (the `next` of a previous page).
                 * @example 0f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f
                 */
                after?: string;
                /**
                 * @description At most this many.
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
            /** @description A page of applications. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationStateList"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["ServerError"];
        };
    };
    listRateLimitWindows: {
        parameters: {
            query?: {
                /**
                 * @description Windows to skip (the `next_offset` of a previous page).
                 * @example 100
                 */
                offset?: number;
                /**
                 * @description At most this many.
                 * @example 50
                 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of windows. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitWindowList"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["ServerError"];
        };
    };
    listFixtures: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fixtures loaded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FixtureList"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["ServerError"];
        };
    };
    loadFixture: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Built: every entity's ids by its fixture name (an account the fixture made fresh with its credentials, shown once). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FixtureLoaded"];
                };
            };
            400: components["responses"]["BadRequest"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["ServerError"];
        };
    };
    getConsole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["ServerError"];
        };
    };
    getConsoleAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example console.js */
                asset: "console.js" | "console.css";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                    "text/css": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description No such file. */
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
}
