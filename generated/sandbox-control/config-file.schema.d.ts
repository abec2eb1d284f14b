export type paths = Record<string, never>;
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * SandboxConfigFile
         * @description The sandbox config file (`SANDBOX_CONFIG` / `--config`): lists are appended to the seeds, values replace them.
         */
        SandboxConfigFile: {
            /** @description The Gateway API sandbox. */
            gateway?: {
                /** @description Accounts added to the seeded ones. */
                accounts?: components["schemas"]["GatewayAccount"][];
                /** @description Signing keys added to the seeded one. */
                signingKeys?: components["schemas"]["SigningKey"][];
                /**
                 * @description `all-posts` (the spec: every POST must be signed) or `methods` (only the payment methods that require signing, and an omitted `card[csc]`, need a signature; for clients written against the pre-2020 rule).
                 * @enum {string}
                 */
                signing?: "all-posts" | "methods";
                /** @description Largest request body accepted; a larger one gets 40000. */
                maxBodyBytes?: number;
                /** @description How many records the gateway keeps in memory (see Retention). */
                retention?: {
                    /** @description Authorizations and debits kept (their captures, refunds and voids are part of them), shared equally by the merchant accounts; beyond an account's share its own oldest finished ones are evicted first. */
                    maxTransactions?: number;
                };
            };
            /** @description The Merchant Management API sandbox and its storage host. */
            merchant?: {
                /** @description OAuth clients added to the seeded ones. */
                clients?: components["schemas"]["OAuthClient"][];
                /** @description Lifetime of an access token, on the sandbox clock. */
                tokenTtlSeconds?: number;
                /** @description Lifetime of a pre-signed upload link, on the sandbox clock. */
                uploadUrlTtlSeconds?: number;
                /** @description Per-endpoint quotas: a fixed window per operation and caller. */
                rateLimits?: {
                    /** @description Length of a quota window, on the sandbox clock. */
                    windowSeconds?: number;
                    /** @description Requests per window for an operation without a quota of its own. */
                    default?: number;
                    /** @description Quotas per operationId, merged into the seeded ones (0 refuses every call with 429). */
                    operations?: {
                        [key: string]: number;
                    };
                };
                /** @description Seeded transactions in the transactions collection. */
                transactionCount?: number;
                /** @description Largest request body accepted; a larger one gets a 400 problem. */
                maxBodyBytes?: number;
                /** @description Largest upload the storage host accepts; a larger one gets 403 EntityTooLarge. */
                maxUploadBytes?: number;
                /** @description How many records the merchant API keeps in memory (see Retention). */
                retention?: {
                    /** @description Applications kept, each with its people, files, comments and contract, shared equally by the merchants of the OAuth clients; beyond a merchant's share its own oldest finished ones are evicted first. */
                    maxApplications?: number;
                    /** @description Files kept (metadata and content), each with its comments, shared equally by the merchants of the OAuth clients; beyond a merchant's share its own oldest finished ones are evicted first. */
                    maxFiles?: number;
                    /** @description Bytes of uploaded file content kept, shared equally by the merchants; an upload past a merchant's share evicts its oldest finished files, and is refused (403 EntityTooLarge) when that frees too little. */
                    maxFileBytes?: number;
                    /** @description Bytes of comment text kept (bodies and tags), shared equally by the merchants; a comment past a merchant's share makes it forget its oldest comments, and one larger than the whole share is refused (400 problem). */
                    maxCommentBytes?: number;
                };
            };
        };
        /** @description Text without whitespace. */
        Token: string;
        /** @description The API key: the HTTP Basic user name (any string without colon or whitespace; the seeds use UUIDs). */
        ApiKeyText: string;
        /** @description An API key of the account. */
        ApiKey: {
            /** @description The key: the HTTP Basic user name (any string without colon or whitespace; the seeds use UUIDs). Unique across all accounts, case-insensitively. */
            key: components["schemas"]["ApiKeyText"];
            /**
             * @description `false`: the key is known but refused (401).
             * @default true
             */
            enabled?: boolean;
            /**
             * Format: date-time
             * @description RFC 3339 instant of the sandbox clock from which the key is refused (401).
             */
            expires_at?: string;
        };
        /**
         * CountryCode
         * @description ISO 3166-1 alpha-2 country code, upper case.
         * @example DK
         */
        CountryCode: string;
        /**
         * Currency
         * @description ISO 4217 alphabetic currency code, upper case. An unknown or unsupported currency gives status 40140. BGN is being phased out (see *Change history*). Amounts are in its minor units: two digits for most currencies, none for BIF, CLP, DJF, GNF, ISK, JPY, KMF, KRW, PYG, RWF, UGX, VND, VUV, XAF, XOF and XPF, three for BHD, IQD, JOD, KWD, LYD, OMR and TND (the gateway's own currency table, which differs from ISO 4217 for some currencies).
         * @example EUR
         */
        Currency: string;
        /**
         * Account
         * @description Basic information about the merchant account the API key belongs to (read-only). The source lists the resource's fields; each is required but `currency`, which the public account example does not carry.
         */
        Account: {
            /**
             * @description Merchant id, 15 digits as a string (keep leading zeros); used for 3-D Secure and when contacting support.
             * @example 000000003000001
             */
            merchant_id: string;
            /**
             * @description Default `text_on_statement`, 0 to 22 printable ASCII characters.
             * @example merchant.com
             */
            descriptor: string;
            /**
             * @description Merchant company name, 0 to 20 printable ASCII characters.
             * @example Merchant Ltd.
             */
            name: string;
            country: components["schemas"]["CountryCode"];
            /** @description ISO 4217 funding (settlement) currency. */
            currency?: components["schemas"]["Currency"];
            /**
             * @description Merchant category code, 4 digits as a string.
             * @example 5734
             */
            mcc: string;
            /**
             * Acquirer
             * @description Acquirer data used for 3-D Secure.
             */
            acquirer: {
                /**
                 * @description Visa acquirer BIN.
                 * @example 438309
                 */
                visa_bin?: number;
                /**
                 * @description Mastercard acquirer BIN.
                 * @example 526571
                 */
                mastercard_bin?: number;
            };
            /**
             * @description The processing rules the merchant's transactions must meet, in the acquirer's rule language (printable ASCII, may be empty). A transaction that breaks a rule is declined with status 40200.
             * @example reject authorization if amount > 100 EUR and (not fully 3dsecure)
             */
            transaction_rules: string;
        };
        /** @description Client id (HTTP Basic user name at the token endpoint). */
        ClientId: string;
        /** @description Client secret. */
        ClientSecret: string;
        /** @description A gateway account added to the seeded ones. */
        GatewayAccount: {
            /** @description Sandbox-internal account id, unique (the seeds use `sandbox-merchant`, `sandbox-merchant-2`, `sandbox-partner`). */
            id: components["schemas"]["Token"];
            /**
             * @description `merchant` accounts transact; `partner` accounts own signing keys and cannot transact.
             * @enum {string}
             */
            type: "merchant" | "partner";
            /** @description The account's API keys. */
            keys: components["schemas"]["ApiKey"][];
            /** @description Merchant accounts: id of the partner account whose signing keys may sign this merchant's requests. */
            partner?: string;
            /** @description The account resource `GET /account` returns (merchant accounts only), checked against the gateway spec's Account schema. */
            account?: components["schemas"]["Account"];
        };
        /** @description A signing key added to the seeded one; give exactly one of `public_key_pem` and `public_key_file`. */
        SigningKey: {
            /** @description The signing API key sent in `Signature: <id> RS256-hex <hex>`, unique case-insensitively. */
            id: components["schemas"]["Token"];
            /** @description Id of the partner account that owns the key. */
            partner: string;
            /** @description The RSA public key, inline PEM. */
            public_key_pem?: string;
            /** @description Path of a PEM public key file, relative to the config file. */
            public_key_file?: string;
        };
        /** @description An OAuth client added to the seeded ones. */
        OAuthClient: {
            /** @description Client id (HTTP Basic user name at the token endpoint), unique. */
            client_id: components["schemas"]["ClientId"];
            client_secret: components["schemas"]["ClientSecret"];
            /** @description Name shown as the author of the client's comments. */
            client_name?: string;
            /** @description E-mail addresses; the first is shown as the author of the client's comments. */
            contacts?: string[];
            /** @description The merchant the client acts for (any name; the seeds use `sandbox-merchant` and `sandbox-merchant-2`): it sees only that merchant's resources, and the clients it registers act for it too. Omitted: `sandbox-merchant`, which owns the seeded transactions and disputes. */
            merchant?: components["schemas"]["Token"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
