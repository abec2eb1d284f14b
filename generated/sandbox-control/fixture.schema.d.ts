export type paths = Record<string, never>;
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * Fixture
         * @description A sandbox fixture (`--fixtures` / `SANDBOX_FIXTURES`, or the control API): named entities built through the APIs' own rules, in the file's order by kind: accounts, applications, disputes, then transactions.
         */
        Fixture: {
            /** @description Accounts the fixture's entities are built with (they name one with `account`). */
            accounts?: components["schemas"]["FixtureAccount"][];
            /** @description Gateway API entities. */
            gateway?: {
                /** @description Transactions. */
                transactions?: components["schemas"]["FixtureTransaction"][];
            };
            /** @description Merchant Management API entities. */
            merchant?: {
                /** @description Applications. */
                applications?: components["schemas"]["FixtureApplication"][];
                /** @description Seeded disputes moved on (seeded credentials only: other merchants have no disputes). */
                disputes?: components["schemas"]["FixtureDispute"][];
            };
        };
        /** @description The entity's name in the fixture, unique across the file: its ids are returned under it. */
        FixtureName: string;
        /** @description The API key: the HTTP Basic user name (any string without colon or whitespace; the seeds use UUIDs). */
        ApiKeyText: string;
        /** @description Text without whitespace. */
        Token: string;
        /** @description Client id (HTTP Basic user name at the token endpoint). */
        ClientId: string;
        /** @description Client secret. */
        ClientSecret: string;
        /** @description Name of an account of `accounts` to build this with; omitted: the seeded credentials. */
        FixtureAccountName: components["schemas"]["FixtureName"];
        /**
         * Amount
         * Format: int32
         * @description Amount in minor units of `currency` (for example 1050 = EUR 10.50, 1050 = JPY 1050). At most 9 digits; 0 is allowed on authorizations (for example a zero-amount card check). Minor units follow the gateway's currency table, whose exponents differ from ISO 4217 for some currencies (ISK has exponent 0 since 2023-04-13). In a form body the value is written in digits only, `0` or `[1-9][0-9]{0,8}` (no sign, exponent, fraction or leading zero).
         * @example 1050
         */
        Amount: number;
        /**
         * Currency
         * @description ISO 4217 alphabetic currency code, upper case. An unknown or unsupported currency gives status 40140. BGN is being phased out (see *Change history*). Amounts are in its minor units: two digits for most currencies, none for BIF, CLP, DJF, GNF, ISK, JPY, KMF, KRW, PYG, RWF, UGX, VND, VUV, XAF, XOF and XPF, three for BHD, IQD, JOD, KWD, LYD, OMR and TND (the gateway's own currency table, which differs from ISO 4217 for some currencies).
         * @example EUR
         */
        Currency: string;
        /**
         * StatusCode
         * @description Transaction status code. `20000` is the only approved code; every other code is a decline or an error. `x-returned-for` lists the transaction types that can return each code, as the service's public status code table does; where the source description lists other types or another title, the entry says so in `x-departs-from-source`. The declined (400) response of each operation accepts exactly the codes listed for its transaction type. Codes outside this list (for example 40190 "Invalid transaction") have been reported by third parties but are not documented by the service. `x-key` names each code for code that needs one by name (stable where a title may be reworded). `x-category` says who has to act on it: `approved`; `invalid-request` (the request was wrong: a parameter, the signature, the currency, the text on statement; the integration must change, not the customer); `card-data` (the card data given is wrong or unsupported); `rule-violation` (the acquirer's or the merchant's rules); `authentication` (3-D Secure); `declined` (the issuer, the card scheme or the cardholder said no); `service-error` (the acquirer's side failed).
         */
        StatusCode: number & (20000 | 40000 | 40110 | 40111 | 40120 | 40130 | 40135 | 40140 | 40150 | 40200 | 40300 | 40310 | 40400 | 40410 | 40411 | 40412 | 40413 | 40414 | 40415 | 40416 | 40420 | 50000);
        JsonScalar: string | number | boolean | null;
        JsonValue2: components["schemas"]["JsonScalar"] | components["schemas"]["JsonScalar"][] | {
            [key: string]: components["schemas"]["JsonScalar"];
        };
        JsonValue3: components["schemas"]["JsonScalar"] | components["schemas"]["JsonValue2"][] | {
            [key: string]: components["schemas"]["JsonValue2"];
        };
        /** @description A JSON body the API checks itself. */
        FixtureBody: {
            [key: string]: components["schemas"]["JsonValue3"];
        };
        /** @description A capture or a refund. */
        FixtureFollowUp: {
            name?: components["schemas"]["FixtureName"];
            /** @description Its amount; omitted: the whole remaining amount. */
            amount?: components["schemas"]["Amount"];
            /** @description More form parameters of the request (the API checks them). */
            params?: components["schemas"]["FixtureBody"];
        };
        /** @description A file: its metadata is created, then its content uploaded through the file's pre-signed upload link. Give at most one of `content` and `content_base64`; neither: no upload. */
        FixtureFile: {
            name: components["schemas"]["FixtureName"];
            /** @description The file's metadata, the body of the API's file creation (`label`, `content_type`, optionally `name`, `size`). */
            file: components["schemas"]["FixtureBody"];
            /** @description The content as text (UTF-8). */
            content?: string;
            /** @description The content, base64-encoded. */
            content_base64?: string;
        };
        /** @description Files of it, each with its content. */
        FixtureFiles: components["schemas"]["FixtureFile"][];
        /** @description A comment, created through the resource's comments link. */
        FixtureComment: {
            name: components["schemas"]["FixtureName"];
            /** @description The comment's text. */
            body: string;
            /** @description At most one field-comment tag `ch-field:<property>` (the API checks it). */
            tags?: string[];
        };
        /** @description Comments on it, in order. */
        FixtureComments: components["schemas"]["FixtureComment"][];
        /** @description A person. */
        FixturePerson: {
            name: components["schemas"]["FixtureName"];
            /** @description The body of the API's person creation. */
            person: components["schemas"]["FixtureBody"];
            files?: components["schemas"]["FixtureFiles"];
            comments?: components["schemas"]["FixtureComments"];
        };
        /** @description Stamps added in order, each through the `ch:stamps` link the resource offers at that point (one not offered is refused). */
        FixtureStamps: string[];
        /**
         * @description Status of the dispute; decides which stamps are offered.
         * @enum {string}
         */
        status: "open" | "refuted" | "under_review" | "won" | "lost";
        /** @description An account: without `credentials`, a fresh one made through the control API's accounts endpoint, seen by no other client; with them, credentials the sandbox already knows (seeded, or added by the config file). */
        FixtureAccount: {
            name: components["schemas"]["FixtureName"];
            /** @description Credentials the sandbox already knows: the parts its entities need (gateway for transactions, merchant for applications). */
            credentials?: {
                /** @description A gateway API key and the signing key that signs its requests; give exactly one of `signing_private_key_pem` and `signing_private_key_file`. */
                gateway?: {
                    api_key: components["schemas"]["ApiKeyText"];
                    /** @description The signing key's id, sent in the `Signature` header. */
                    signing_api_key: components["schemas"]["Token"];
                    /** @description The signing key's private half, inline PEM (TEST-ONLY keys). */
                    signing_private_key_pem?: string;
                    /** @description Path of the PEM private key, relative to the fixture file (fixture files only). */
                    signing_private_key_file?: string;
                };
                /** @description An OAuth client of the merchant API. */
                merchant?: {
                    client_id: components["schemas"]["ClientId"];
                    client_secret: components["schemas"]["ClientSecret"];
                };
            };
        };
        /** @description A gateway transaction and what follows it, built in order: the authorization (or debit), its captures, refunds and void. */
        FixtureTransaction: {
            name: components["schemas"]["FixtureName"];
            account?: components["schemas"]["FixtureAccountName"];
            /**
             * @description `authorization` (default) or `debit`.
             * @default authorization
             * @enum {string}
             */
            type?: "authorization" | "debit";
            amount?: components["schemas"]["Amount"];
            /** @default EUR */
            currency?: components["schemas"]["Currency"];
            /** @description Decline it with this status code, through the spec's status-forcing test card (the amount is then the code; leave `amount` out). */
            decline?: components["schemas"]["StatusCode"];
            /** @description The card; omitted parts take the spec's first accepted test PAN, its matching CSC and an expiry five years ahead. */
            card?: {
                /** @description A test PAN. */
                pan?: string;
                /** @description Two digits. */
                expire_month?: string;
                /** @description Four digits. */
                expire_year?: string;
                /** @description The CSC (left out of a subsequent-in-series payment). */
                csc?: string;
            };
            /** @description A series: `type` starts one (first-in-series); `previous` names the fixture's earlier transaction this one follows. */
            series?: {
                /** @description The series type (the API checks it). */
                type?: string;
                /** @description Name of an earlier transaction of the fixture. */
                previous?: components["schemas"]["FixtureName"];
            };
            /** @description More form parameters of the authorization or debit (for example `reference`, or a debit's `recipient` and `sender`); the API checks them. */
            params?: components["schemas"]["FixtureBody"];
            /** @description Captures of an authorization, in order. */
            captures?: components["schemas"]["FixtureFollowUp"][];
            /** @description Refunds, in order (a debit takes one full refund). */
            refunds?: components["schemas"]["FixtureFollowUp"][];
            /** @description `true`: void the authorization last. */
            void?: boolean;
        };
        /** @description A merchant application, built in order: created, its people (each with files and comments), its files, its gateway selection, its comments, its stamps, then its contract's stamps. The states the service's review sets (`under_review`, `accepted`, `declined`) have no API operation and cannot be reached. */
        FixtureApplication: {
            name: components["schemas"]["FixtureName"];
            account?: components["schemas"]["FixtureAccountName"];
            /** @description The body of the API's application creation (`signer`, `business_model`, ...). */
            application: components["schemas"]["FixtureBody"];
            /** @description People of the application. */
            people?: components["schemas"]["FixturePerson"][];
            files?: components["schemas"]["FixtureFiles"];
            /** @description Id of the gateway to select (one the application offers as selectable). */
            gateway?: string;
            comments?: components["schemas"]["FixtureComments"];
            stamps?: components["schemas"]["FixtureStamps"];
            /** @description Stamps added to the contract the submitted stamp made, in order, each through the `ch:stamps` link it offers at that point. */
            contract_stamps?: components["schemas"]["FixtureStamps"];
        };
        /** @description A dispute. The API has no operation that opens one (the service does), so a fixture takes one of the seeded merchant's disputes in the given status (the first one this fixture has not taken yet) and moves it on through its files, comments and stamps. */
        FixtureDispute: {
            name: components["schemas"]["FixtureName"];
            /** @description The status the dispute has before the fixture moves it on. */
            status: components["schemas"]["status"];
            files?: components["schemas"]["FixtureFiles"];
            comments?: components["schemas"]["FixtureComments"];
            stamps?: components["schemas"]["FixtureStamps"];
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
