export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Discover resources
         * @description Returns HAL links to the resources a client can use. Also a cheap way to check an API key: a 2xx answer means the key is valid, 401 that it is not. The request may be signed.
         */
        get: operations["discoverResources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authorizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create authorization
         * @description Reserves money on the cardholder's account. Use exactly one payment method. An approved authorization can then be captured (within 180 days), refunded after capture, or voided (within 30 days). Start a series with `series[type]`, continue it with `series[previous][...]` (see *Series and merchant-initiated transactions*).
         *
         *     The request must be signed (`Signature` header). Unknown parameters are accepted and ignored.
         */
        post: operations["createAuthorization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authorizations/{authorization_id}/captures": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the authorization (the `id` of its response). An unknown id gives HTTP 400 with `status.message` `invalid transaction id`.
                 * @example 4c1e8f3a-9b2d-4e6f-8a1b-2c3d4e5f6a7b
                 */
                authorization_id: components["parameters"]["AuthorizationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create capture
         * @description Transfers reserved money to the merchant. An authorization can be captured several times until its amount is used up; an omitted `amount` captures the full remaining amount.
         *
         *     **Rule:** the authorization must be approved and less than 180 days old. Visa captures below the equivalent of USD 0.005 are declined.
         *
         *     The request must be signed (`Signature` header).
         */
        post: operations["createCapture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authorizations/{authorization_id}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the authorization (the `id` of its response). An unknown id gives HTTP 400 with `status.message` `invalid transaction id`.
                 * @example 4c1e8f3a-9b2d-4e6f-8a1b-2c3d4e5f6a7b
                 */
                authorization_id: components["parameters"]["AuthorizationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create capture refund
         * @description Returns captured money to the cardholder. Refunds belong to the authorization, not to a capture, and differ from debit refunds. Several refunds are allowed; an omitted `amount` refunds the full remaining amount. A refund does not free up captured amount (authorize 10, capture 5, refund 5: only 5 can still be captured).
         *
         *     **Rule:** the last capture must be at most 365 days old (180 days until 2024-10-03). Visa refunds below the equivalent of USD 0.005 are declined.
         *
         *     The request must be signed (`Signature` header).
         */
        post: operations["createRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authorizations/{authorization_id}/voids": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the authorization (the `id` of its response). An unknown id gives HTTP 400 with `status.message` `invalid transaction id`.
                 * @example 4c1e8f3a-9b2d-4e6f-8a1b-2c3d4e5f6a7b
                 */
                authorization_id: components["parameters"]["AuthorizationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create void
         * @description Releases the reservation of an authorization. Takes no parameters (send an empty body). Without a void, reservations lapse after at least seven days, depending on the issuer.
         *
         *     **Rule:** the authorization must be less than 30 days old. Authorizations that ended with status 50000 can be voided too.
         *
         *     The request must be signed (`Signature` header), even with an empty body.
         */
        post: operations["createVoid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/debits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create debit
         * @description Transfers money from the cardholder's account in one step, in real time (a Visa account funding transaction or a Mastercard funding transaction). Takes the authorization parameters and payment methods, with `amount` greater than zero, plus `sender` and `recipient`. Added on 2023-02-01; Mastercard debits since 2025-04-28.
         *
         *     **Rule:** only for merchants with selected MCCs and an assigned Visa business application identifier or Mastercard transaction type indicator.
         *
         *     The request must be signed (`Signature` header).
         */
        post: operations["createDebit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/debits/{debit_id}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the debit (the `id` of its response). An unknown id gives HTTP 400 with `status.message` `invalid transaction id`.
                 * @example 7d2f5b8e-1c3a-4e9d-b6f0-3a8c2e1d9b47
                 */
                debit_id: components["parameters"]["DebitId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create debit refund
         * @description Returns the full amount of an approved debit to the cardholder. Takes no parameters (send an empty body).
         *
         *     **Rule:** only one refund per debit, always for the full amount. The card network or issuer may decline the refund once 24 hours have passed or the debit has cleared (there is no dedicated status code for this), so create refunds as early as possible.
         *
         *     The request must be signed (`Signature` header), even with an empty body.
         */
        post: operations["createDebitRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create credit
         * @description Pays money out to a cardholder (for example winnings). A credit is implicitly merchant-initiated with a stored credential (`initiator=merchant`, `credential_on_file=use`).
         *
         *     The request must be signed (`Signature` header).
         */
        post: operations["createCredit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read account
         * @description Returns basic information about the merchant account the API key belongs to. Only `GET` is supported on this resource. The request may be signed.
         */
        get: operations["getAccount"];
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
         * HalLink
         * @description A HAL link. `href` is relative (the source's word): a relative reference of RFC 3986, with no scheme and no host part, which the `not` states. Every published href is an absolute path (`/authorizations/...`); that is an observation, not a rule.
         */
        HalLink: {
            /**
             * Format: uri-reference
             * @example /authorizations/4c1e8f3a-9b2d-4e6f-8a1b-2c3d4e5f6a7b/captures
             */
            href: string;
        };
        /**
         * Root
         * @description Entry point of the API; links to the resources a client can use.
         */
        Root: {
            /** RootLinks */
            _links: {
                authorizations: components["schemas"]["HalLink"];
                account: components["schemas"]["HalLink"];
            };
        };
        /**
         * Pan
         * @description Primary account number (card number) or token account number, 12 to 19 digits. An invalid number gives status 40110. On the test host only non-Luhn-valid numbers, the test PANs and wallet test cards are accepted (see *Test environment*).
         * @example 4111111111111111
         */
        Pan: string;
        /**
         * ExpireMonth
         * @description Expiry month, two digits (`01` to `12`). An invalid expiry date gives status 40130; an expired card 40135.
         * @example 06
         */
        ExpireMonth: string;
        /**
         * ExpireYear
         * @description Expiry year, four digits starting with `20`.
         * @example 2028
         */
        ExpireYear: string;
        /**
         * Csc
         * @description Card security code (CVC/CVV), three digits. An invalid value gives status 40120. On the test host only `987` counts as a match.
         * @example 987
         */
        Csc: string;
        /**
         * JsonString
         * @description A complete JSON document sent as one string (form-encode it, for example with `curl --data-urlencode`).
         */
        JsonString: string;
        /**
         * Eci
         * @description Electronic commerce indicator, two digits (for example `05` or `07` for Visa, `02` for Mastercard).
         * @example 05
         */
        Eci: string;
        /**
         * Base64Cryptogram
         * @description A 20-byte cryptogram or authentication value, Base64-encoded (28 characters).
         * @example AgAAAAAABk4DWZ4C28yUQAAAAAA=
         */
        Base64Cryptogram: string;
        /**
         * ThreeDSecureRaw
         * @description The individual values of a 3-D Secure version 2 result, as an alternative to forwarding the ARes or RReq message. Accepted from 2026-07-27.
         */
        ThreeDSecureRaw: {
            /**
             * @description Electronic commerce indicator from the ARes or RReq.
             *
             *     **Rule:** required for Visa; required for Mastercard when `trans_status` is `Y`, `A`, `I` or `U`.
             */
            eci?: components["schemas"]["Eci"];
            /**
             * @description Authentication value (`authenticationValue`), Base64, 28 characters.
             *
             *     **Rule:** required for Visa; required for Mastercard when `trans_status` is `Y`, `A`, `I` or `U`.
             */
            av?: components["schemas"]["Base64Cryptogram"];
            /**
             * @description Transaction status (`transStatus`), one upper-case letter, for example `Y`.
             * @example Y
             */
            trans_status: string;
            /**
             * @description 3-D Secure protocol version (`messageVersion`), for example `2.2.0`.
             * @example 2.2.0
             */
            message_version: string;
            /**
             * @description The message the values come from.
             * @enum {string}
             */
            message_type: "ARes" | "RReq";
            /**
             * @description Authentication type (`authenticationType`), two digits; optional.
             * @example 02
             */
            authentication_type?: string;
            /**
             * Format: uuid
             * @description Directory server transaction id (`dsTransID`), a UUID.
             *
             *     **Rule:** required for Mastercard.
             * @example b7d0f6a2-3c4e-4f5a-9b8c-1d2e3f4a5b6c
             */
            ds_trans_id?: string;
        };
        /**
         * ThreeDSecureV2
         * @description Result of a 3-D Secure version 2 authentication: exactly one of `ares`, `rreq` and `raw` (`ares` and `rreq` cannot be sent together; `raw` replaces both).
         *
         *     An authorization that includes `card[3dsecure][v2][rreq]` cannot be subsequent-in-series.
         */
        ThreeDSecureV2: {
            /**
             * @description The complete ARes message (JSON) returned by the 3-D Secure server in a frictionless flow, containing `authenticationValue`, `dsTransID` and the other ARes values. Cannot be present with `rreq` or `raw`.
             * @example {"acsReferenceNumber":"3DS_LOA_ACS_PPFU_020100_00010","acsTransID":"a1c2e3f4-5b6d-4e7f-8a9b-0c1d2e3f4a5b","authenticationValue":"AAABBEg0VhI0VniQEjRWAAAAAAA=","dsReferenceNumber":"3DS_LOA_DIS_PPFU_020100_00010","dsTransID":"b7d0f6a2-3c4e-4f5a-9b8c-1d2e3f4a5b6c","eci":"05","messageType":"ARes","messageVersion":"2.2.0","threeDSServerTransID":"c9e8d7f6-5a4b-4c3d-8e2f-1a0b9c8d7e6f","transStatus":"Y"}
             */
            ares?: components["schemas"]["JsonString"];
            /** @description The complete RReq message (JSON) received by the 3-D Secure server after a challenge or decoupled flow. Cannot be present with `ares` or `raw`. Not allowed in `card[3dsecure]` on a subsequent-in-series authorization or debit. */
            rreq?: components["schemas"]["JsonString"];
            /** @description The individual 3-D Secure values instead of a message (accepted from 2026-07-27). */
            raw?: components["schemas"]["ThreeDSecureRaw"];
        } & ({
            ares: unknown;
            rreq?: never;
            raw?: never;
        } | {
            ares?: never;
            rreq: unknown;
            raw?: never;
        } | {
            ares?: never;
            rreq?: never;
            raw: unknown;
        });
        /**
         * ThreeDSecure
         * @description 3-D Secure data for this authorization, sent as `<method>[3dsecure][v2][...]`. Only one 3-D Secure version per authorization, and only version 2 is accepted (version 1 was phased out on 2022-10-18 and `[3dsecure][v1]` removed on 2023-05-01). 3-D Secure is the only route to a liability shift for fraud chargebacks.
         */
        ThreeDSecure: {
            v2: components["schemas"]["ThreeDSecureV2"];
        };
        /**
         * CardMethod
         * @description Plain card data (`card[...]`). The only method besides `token` that can be used for a subsequent-in-series authorization or debit on a PAN. Signing is required when `csc` is omitted.
         */
        CardMethod: {
            pan: components["schemas"]["Pan"];
            expire_month: components["schemas"]["ExpireMonth"];
            expire_year: components["schemas"]["ExpireYear"];
            /**
             * @description Card security code. The response reports `csc.present` and `csc.matches`; an issuer may approve an authorization whose CSC did not match.
             *
             *     **Rule:** optional only for trusted partners, in a signed request; other clients must send it, except on a subsequent-in-series authorization or debit, where it must be omitted (an authorization with `card[csc]` cannot be subsequent-in-series).
             */
            csc?: components["schemas"]["Csc"];
            "3dsecure"?: components["schemas"]["ThreeDSecure"];
        };
        /**
         * ApplePayRaw
         * @description Decrypted Apple Pay payment data (`applepay[raw][...]`).
         */
        ApplePayRaw: {
            /** @description The device PAN from the decrypted token (`applicationPrimaryAccountNumber`). */
            pan: components["schemas"]["Pan"];
            expire_month: components["schemas"]["ExpireMonth"];
            expire_year: components["schemas"]["ExpireYear"];
            /** @description The online payment cryptogram (`onlinePaymentCryptogram`), Base64, 28 characters. */
            cryptogram: components["schemas"]["Base64Cryptogram"];
            /**
             * @description ECI indicator from the decrypted token.
             *
             *     **Rule:** required for Visa, otherwise optional.
             */
            eci?: components["schemas"]["Eci"];
        };
        /**
         * ApplePayMethod
         * @description Apple Pay (`applepay[...]`): either the encrypted wallet token with its symmetric key, or the decrypted (raw) values.
         *
         *     **Rule:** signing required. The authorization counts as strongly authenticated; the degree of 3-D Secure is given by the token's ECI indicator. Cannot be subsequent-in-series (it can start a series). Clients sending `raw` values must verify the token signature, decrypt the token and validate its fields themselves.
         */
        ApplePayMethod: {
            /** @description The full Apple Pay payment token, serialized as JSON. Send with `symmetric_key`. */
            payment_token?: components["schemas"]["JsonString"];
            /**
             * @description The AES key, unique per transaction, that decrypts the token's `data`; hexadecimal.
             * @example 3f1a9c0b7e5d2468ace0fdb97531eca86420bdf97531eca86420bdf97531eca8
             */
            symmetric_key?: string;
            raw?: components["schemas"]["ApplePayRaw"];
        } & ({
            payment_token: unknown;
            symmetric_key: unknown;
            raw?: never;
        } | {
            payment_token?: never;
            symmetric_key?: never;
            raw: unknown;
        });
        /**
         * GooglePayMethod
         * @description Google Pay (`googlepay[...]`), protocol version ECv2 only.
         *
         *     **Rule:** signing required. Strongly authenticated when `authMethod` is `CRYPTOGRAM_3DS` and the wallet's SCA guidelines are followed; with `PAN_ONLY` a 3-D Secure flow is needed for SCA (send its ARes or RReq in `googlepay[3dsecure]`). For a liability shift with `CRYPTOGRAM_3DS` the ECI must be `02` or empty for Mastercard and `05` for Visa, otherwise a 3-D Secure flow is needed. Cannot be subsequent-in-series (it can start a series).
         */
        GooglePayMethod: {
            /** @description The raw payment method token (UTF-8 JSON) as returned by Google Pay. */
            token: components["schemas"]["JsonString"];
            /**
             * @description The shared secret derived from the ephemeral public key and the merchant's private key, Base64-encoded.
             * @example qLzPLIKUpUvZ5cNf0PJ8yQnP2BhW4Ua8kL6nFQ6SxXw=
             */
            shared_key: string;
            /**
             * @description Recipient id used when the token was created, prefixed by its type: `merchant:` or `gateway:`; printable ASCII without spaces. The test environment uses a fixed recipient id (see *Test environment*).
             * @example merchant:12345678901234567890
             */
            recipient_id: string;
            "3dsecure"?: components["schemas"]["ThreeDSecure"];
        };
        /**
         * FourDigitExpireYear
         * @description Expiry year, four digits (used by `moto`, `mobilepayonline` and `vipps`).
         * @example 2028
         */
        FourDigitExpireYear: string;
        /**
         * MobilePayOnlineMethod
         * @description MobilePay Online (`mobilepayonline[...]`).
         *
         *     **Rule:** signing required. With `payment_token` the authorization is strongly authenticated. Cannot be subsequent-in-series (it can start a series).
         */
        MobilePayOnlineMethod: {
            /**
             * @description Card number.
             *
             *     **Rule:** must be a token PAN when `payment_token` is included.
             */
            pan: components["schemas"]["Pan"];
            expire_month: components["schemas"]["ExpireMonth"];
            expire_year: components["schemas"]["FourDigitExpireYear"];
            /** @description The full token callback response (JSON); required for token-based authentication. */
            payment_token?: components["schemas"]["JsonString"];
            /**
             * @description The cardholder's phone number, 1 to 15 printable ASCII characters.
             * @example 4512345678
             */
            phone_number?: string;
            "3dsecure"?: components["schemas"]["ThreeDSecure"];
        };
        /**
         * MotoMethod
         * @description Mail order / telephone order card data (`moto[...]`).
         *
         *     **Rule:** signing required. `series` and `credential_on_file` are not supported and `initiator` cannot be `merchant` (expressed on the request schema).
         */
        MotoMethod: {
            pan: components["schemas"]["Pan"];
            expire_month: components["schemas"]["ExpireMonth"];
            expire_year: components["schemas"]["FourDigitExpireYear"];
        };
        /**
         * TokenEci
         * @description Electronic commerce indicator of a network token transaction, `05` or `07`.
         * @enum {string}
         */
        TokenEci: "05" | "07";
        /**
         * ClickToPayMethod
         * @description Click to Pay network token (`clicktopay[...]`), for Visa and Mastercard cardholder-initiated transactions. Available since 2025-10-01.
         *
         *     **Rule:** signing required. Cannot be subsequent-in-series (it serves cardholder-initiated transactions; it can start a series).
         */
        ClickToPayMethod: {
            /** @description Token account number. */
            tan: components["schemas"]["Pan"];
            expire_month: components["schemas"]["ExpireMonth"];
            expire_year: components["schemas"]["ExpireYear"];
            /** @description Token authentication value (token cryptogram), Base64, 28 characters. */
            tav?: components["schemas"]["Base64Cryptogram"];
            /**
             * @description Electronic commerce indicator, `05` or `07`.
             *
             *     **Rule:** required for Visa cardholder-initiated transactions.
             */
            eci?: components["schemas"]["TokenEci"];
            "3dsecure"?: components["schemas"]["ThreeDSecure"];
        };
        /**
         * Rcai
         * @description Remote commerce acceptor identifier: the business website URL or reverse domain name (for example `com.example.www`), Base64-encoded, 1 to 150 characters; optional.
         * @example Y29tLmV4YW1wbGUuc2hvcA==
         */
        Rcai: string;
        /**
         * M4mToken
         * @description Mastercard MDES for Merchants token (`token[m4m][...]`). `token[m4m][eci]` was removed on 2024-06-03; it is ignored like any unknown parameter.
         */
        M4mToken: {
            /** @description Token account number. */
            tan: components["schemas"]["Pan"];
            expire_month: components["schemas"]["ExpireMonth"];
            expire_year: components["schemas"]["ExpireYear"];
            /**
             * @description Token authentication value; only DSRP cryptograms, so the value starts with a letter `A` to `P`.
             *
             *     **Rule:** required for cardholder-initiated transactions; for merchant-initiated transactions only on the first tokenized transaction or when the token changes.
             * @example AJkBAQAAAAACkBgAZ7oIAAAAAAA=
             */
            tav?: components["schemas"]["Base64Cryptogram"];
            rcai?: components["schemas"]["Rcai"];
            "3dsecure"?: components["schemas"]["ThreeDSecure"];
        };
        /**
         * VtsToken
         * @description Visa Token Service token (`token[vts][...]`).
         */
        VtsToken: {
            /** @description Token account number. */
            tan: components["schemas"]["Pan"];
            expire_month: components["schemas"]["ExpireMonth"];
            expire_year: components["schemas"]["ExpireYear"];
            /**
             * @description Electronic commerce indicator, `05` or `07`.
             *
             *     **Rule:** required for cardholder-initiated transactions; otherwise optional, and `07` when omitted.
             * @default 07
             */
            eci?: components["schemas"]["TokenEci"];
            /**
             * @description Token authentication value (cryptogram), Base64, 28 characters.
             *
             *     **Rule:** required for cardholder-initiated transactions; otherwise optional.
             */
            tav?: components["schemas"]["Base64Cryptogram"];
            "3dsecure"?: components["schemas"]["ThreeDSecure"];
        };
        /**
         * TokenMethod
         * @description Network token (`token[...]`): exactly one of the scheme-neutral token values (`token[tan]`, `token[expire_month]`, ...; Visa Token Service, Mastercard MDES and Secure Card on File) and the deprecated frameworks `token[m4m]` (Mastercard MDES for Merchants) and `token[vts]` (Visa Token Service), which still work. Some values are required for cardholder-initiated transactions (CIT) and optional for merchant-initiated ones.
         *
         *     **Rule:** signing required. A subsequent-in-series authorization on a token uses this method.
         */
        TokenMethod: {
            /** @description Token account number. */
            tan?: components["schemas"]["Pan"];
            expire_month?: components["schemas"]["ExpireMonth"];
            expire_year?: components["schemas"]["ExpireYear"];
            /**
             * @description Electronic commerce indicator, `05` or `07` (Visa Token Service).
             *
             *     **Rule:** for Visa, required for cardholder-initiated transactions; otherwise optional, and `07` when omitted. The public token reference gives no ECI (and no default) for Mastercard tokens.
             */
            eci?: components["schemas"]["TokenEci"];
            /**
             * @description Token authentication value (token cryptogram), Base64, 28 characters.
             *
             *     **Rule:** required for cardholder-initiated transactions (for VTS, MDES and SCOF tokens alike, per the public token reference), which the schema states. For Mastercard only DSRP cryptograms (starting with a letter `A` to `P`) are accepted, and for merchant-initiated transactions the value is sent only on the first tokenized transaction or when the token changes.
             */
            tav?: components["schemas"]["Base64Cryptogram"];
            /** @description Remote commerce acceptor identifier (Secure Card on File); optional. */
            rcai?: components["schemas"]["Rcai"];
            "3dsecure"?: components["schemas"]["ThreeDSecure"];
            /** @deprecated */
            m4m?: components["schemas"]["M4mToken"];
            /** @deprecated */
            vts?: components["schemas"]["VtsToken"];
        } & ({
            tan: unknown;
            expire_month: unknown;
            expire_year: unknown;
            m4m?: never;
            vts?: never;
        } | {
            m4m: unknown;
            tan?: never;
            vts?: never;
        } | {
            vts: unknown;
            tan?: never;
            m4m?: never;
        });
        /**
         * VippsMethod
         * @description Vipps (`vipps[...]`).
         *
         *     **Rule:** signing required. Cannot be subsequent-in-series (it can start a series).
         */
        VippsMethod: {
            pan: components["schemas"]["Pan"];
            expire_month: components["schemas"]["ExpireMonth"];
            expire_year: components["schemas"]["FourDigitExpireYear"];
            /** @description The full Vipps response (JSON) carrying the payment token. */
            payment_token?: components["schemas"]["JsonString"];
            "3dsecure"?: components["schemas"]["ThreeDSecure"];
        };
        /**
         * PaymentMethod
         * @description Exactly one payment method per authorization or debit: `card`, `applepay`, `googlepay`, `mobilepayonline`, `moto`, `clicktopay`, `token` or `vipps`. Every method except `card` requires a signed request.
         */
        PaymentMethod: {
            card?: components["schemas"]["CardMethod"];
            applepay?: components["schemas"]["ApplePayMethod"];
            googlepay?: components["schemas"]["GooglePayMethod"];
            mobilepayonline?: components["schemas"]["MobilePayOnlineMethod"];
            moto?: components["schemas"]["MotoMethod"];
            clicktopay?: components["schemas"]["ClickToPayMethod"];
            token?: components["schemas"]["TokenMethod"];
            vipps?: components["schemas"]["VippsMethod"];
        } & ({
            card: unknown;
            applepay?: never;
            googlepay?: never;
            mobilepayonline?: never;
            moto?: never;
            clicktopay?: never;
            token?: never;
            vipps?: never;
        } | {
            card?: never;
            applepay: unknown;
            googlepay?: never;
            mobilepayonline?: never;
            moto?: never;
            clicktopay?: never;
            token?: never;
            vipps?: never;
        } | {
            card?: never;
            applepay?: never;
            googlepay: unknown;
            mobilepayonline?: never;
            moto?: never;
            clicktopay?: never;
            token?: never;
            vipps?: never;
        } | {
            card?: never;
            applepay?: never;
            googlepay?: never;
            mobilepayonline: unknown;
            moto?: never;
            clicktopay?: never;
            token?: never;
            vipps?: never;
        } | {
            card?: never;
            applepay?: never;
            googlepay?: never;
            mobilepayonline?: never;
            moto: unknown;
            clicktopay?: never;
            token?: never;
            vipps?: never;
        } | {
            card?: never;
            applepay?: never;
            googlepay?: never;
            mobilepayonline?: never;
            moto?: never;
            clicktopay: unknown;
            token?: never;
            vipps?: never;
        } | {
            card?: never;
            applepay?: never;
            googlepay?: never;
            mobilepayonline?: never;
            moto?: never;
            clicktopay?: never;
            token: unknown;
            vipps?: never;
        } | {
            card?: never;
            applepay?: never;
            googlepay?: never;
            mobilepayonline?: never;
            moto?: never;
            clicktopay?: never;
            token?: never;
            vipps: unknown;
        });
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
         * IpAddress
         * @description IPv4 or IPv6 address, 3 to 45 characters of `[0-9.a-fA-F:]`.
         * @example 198.51.100.23
         */
        IpAddress: string;
        /**
         * Reference
         * @description Your own reference for the transaction (for example an order number), 1 to 30 printable ASCII characters.
         * @example order-2026-11-000123
         */
        Reference: string;
        /**
         * SeriesType
         * @description `recurring`: transactions at regular, predetermined intervals not exceeding one year. `unscheduled`: transactions at non-predetermined times (for example top-ups).
         * @enum {string}
         */
        SeriesType: "recurring" | "unscheduled";
        /**
         * TransactionId
         * Format: uuid
         * @description Identifier of a transaction, a UUID (the source). The public examples show version 4 UUIDs, which the example gives; the source states version 4 only for `series[previous][id]`, so no version is required here.
         * @example 4c1e8f3a-9b2d-4e6f-8a1b-2c3d4e5f6a7b
         */
        TransactionId: string;
        /**
         * Tlid
         * @description Mastercard transaction link identifier, 22 characters of `[A-Za-z0-9_-]`.
         * @example GT24q0_ceu61OT5J0ZXUE3
         */
        Tlid: string;
        /**
         * MastercardSeriesReference
         * @description Raw Mastercard values of the previous transaction of a series that was not made through this API (`series[previous][mastercard][...]`). As soon as any Mastercard value is present, `exemption` is required, and so is at least one of `tid` and `economically_related_tlid`.
         *
         *     **Rule:** only after explicit approval from the operator (for example when moving a subscription between acquirers or accounts).
         */
        MastercardSeriesReference: {
            /**
             * @description Series type; `recurring` when omitted.
             * @default recurring
             */
            type?: components["schemas"]["SeriesType"];
            /**
             * @description Mastercard trace id of the previous transaction, 15 characters: network code (positions 1-3), Banknet reference number (4-9), settlement date `MMDD` (10-13), then two spaces. Required unless `economically_related_tlid` is sent.
             * @example MCCA1B2C31120
             */
            tid?: string;
            /** @description Mastercard economically related transaction link id (Data Element 105, subelement 002) of the series. Required unless `tid` is sent. */
            economically_related_tlid?: components["schemas"]["Tlid"];
            /**
             * @description Mastercard series exemption: `fixed_amount_series` (scheme value 03) or `variable_amount_series` (scheme value 01).
             *
             *     **Rule:** if the previous transaction was itself subsequent-in-series, use the same exemption as that transaction.
             * @enum {string}
             */
            exemption: "fixed_amount_series" | "variable_amount_series";
        } & ({
            tid: unknown;
        } | {
            economically_related_tlid: unknown;
        });
        /**
         * VisaSeriesReference
         * @description Raw Visa values of the previous transaction of a series that was not made through this API (`series[previous][visa][...]`).
         *
         *     **Rule:** only after explicit approval from the operator (for example when moving a subscription between acquirers or accounts).
         */
        VisaSeriesReference: {
            /**
             * @description Series type; `recurring` when omitted.
             * @default recurring
             */
            type?: components["schemas"]["SeriesType"];
            /**
             * @description Visa transaction identifier of the first-in-series or previous-in-series authorization, 15 digits. Not required when `type` is sent (since 2026-08-06).
             * @example 481048839682954
             */
            tid?: string;
        };
        /**
         * SeriesPrevious
         * @description Makes the authorization or debit subsequent-in-series: exactly one of `id` (previous transaction made through this API), `mastercard` or `visa` (raw scheme values of a previous transaction made elsewhere).
         *
         *     Only with the payment methods `card` (for a PAN) and `token` (for a network token); `card[csc]` and `card[3dsecure][v2][rreq]` must be omitted. `initiator` then defaults to, and must be, `merchant`.
         */
        SeriesPrevious: {
            /**
             * @description Id (UUIDv4, as the source states for this parameter) of the previous transaction of the series. The pattern states the version (`4` leading the third group) and the RFC 9562 variant (`8`, `9`, `a` or `b` leading the fourth); `format: uuid` alone takes any version.
             *
             *     **Rule:** must be the latest approved authorization (or debit) of the series.
             */
            id?: components["schemas"]["TransactionId"];
            mastercard?: components["schemas"]["MastercardSeriesReference"];
            visa?: components["schemas"]["VisaSeriesReference"];
        } & ({
            id: unknown;
            mastercard?: never;
            visa?: never;
        } | {
            id?: never;
            mastercard: unknown;
            visa?: never;
        } | {
            id?: never;
            mastercard?: never;
            visa: unknown;
        });
        /**
         * Series
         * @description Series (subscription) data, `series[...]`: exactly one of `type` (start a series, first-in-series) and `previous` (continue it, subsequent-in-series). Mutually exclusive with `sca_exemption` and not supported with `moto`. See *Series and merchant-initiated transactions*.
         *
         *     **Rule:** when the cardholder is in scope for SCA, a first-in-series authorization or debit must be strongly authenticated whatever the amount. The series type cannot change within a series.
         */
        Series: {
            /** @description Starts a series (first-in-series) of this type; used exactly when starting a series. Possible with `card`, `applepay`, `googlepay`, `mobilepayonline`, `clicktopay`, `token` and `vipps`. The response carries `series.type` and `series.tid`. */
            type?: components["schemas"]["SeriesType"];
            previous?: components["schemas"]["SeriesPrevious"];
        } & ({
            type: unknown;
            previous?: never;
        } | {
            type?: never;
            previous: unknown;
        });
        /**
         * TextOnStatement
         * @description Text shown on the cardholder's bank statement: 2 to 22 printable ASCII characters (0x20 to 0x7E), not all digits and not all the same character. Defaults to the account `descriptor`. An invalid value gives status 40150.
         *
         *     **Rule:** the text must not be sequential characters either (for example `abcdef` or `654321`): the last two branches of `not` state it; `x-not-sequential` is the same rule as a hint for tools that read it (a text of at least `minimum-length` characters whose code points all rise, or all fall, by one).
         * @example Coffee Shop Order 1234
         */
        TextOnStatement: string;
        /**
         * AuthorizationParameters
         * @description Parameters shared by authorizations and debits, besides the payment method. Unknown parameters are accepted and ignored.
         */
        AuthorizationParameters: {
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /**
             * @description `store`: the card credential will be stored for later use (only if the transaction is approved). `use`: a credential already stored is used. Omit when neither storing nor using a credential on file. Not supported with `moto`.
             *
             *     **Rule:** defaults to `use` when `initiator` is `merchant` (`store` is then invalid) and to `store` on a first-in-series transaction.
             * @enum {string}
             */
            credential_on_file?: "store" | "use";
            /**
             * @description Who initiates the transaction. Cannot be `merchant` with `moto`.
             *
             *     **Rule:** defaults to `merchant` on a subsequent-in-series transaction (`cardholder` is then invalid), otherwise to `cardholder`. A merchant-initiated transaction requires a previously approved transaction for the same card and merchant made with `credential_on_file=store`. After status 40420 (merchant blocked by cardholder) no further merchant-initiated transactions may be made on that card.
             * @enum {string}
             */
            initiator?: "cardholder" | "merchant";
            /** @description The cardholder's IP address (IPv4 or IPv6). */
            ip?: components["schemas"]["IpAddress"];
            reference?: components["schemas"]["Reference"];
            series?: components["schemas"]["Series"];
            /**
             * @description Requests an SCA exemption upstream regardless of whether SCA is necessary: `transaction_risk_analysis` (TRA, since 2024-02-09), `low_value_payment` or `secure_corporate_payment` (both since 2025-12-12). Mutually exclusive with `series`.
             *
             *     **Rule:** the merchant's transaction rules may forbid the exemption (status 40200).
             * @enum {string}
             */
            sca_exemption?: "transaction_risk_analysis" | "low_value_payment" | "secure_corporate_payment";
            text_on_statement?: components["schemas"]["TextOnStatement"];
        } & (unknown & unknown & unknown);
        /**
         * AuthorizationRequest
         * @description Form parameters of `POST /authorizations`: exactly one payment method plus the authorization parameters.
         */
        AuthorizationRequest: components["schemas"]["PaymentMethod"] & components["schemas"]["AuthorizationParameters"];
        /**
         * StatusCode
         * @description Transaction status code. `20000` is the only approved code; every other code is a decline or an error. `x-returned-for` lists the transaction types that can return each code, as the service's public status code table does; where the source description lists other types or another title, the entry says so in `x-departs-from-source`. The declined (400) response of each operation accepts exactly the codes listed for its transaction type. Codes outside this list (for example 40190 "Invalid transaction") have been reported by third parties but are not documented by the service. `x-key` names each code for code that needs one by name (stable where a title may be reworded). `x-category` says who has to act on it: `approved`; `invalid-request` (the request was wrong: a parameter, the signature, the currency, the text on statement; the integration must change, not the customer); `card-data` (the card data given is wrong or unsupported); `rule-violation` (the acquirer's or the merchant's rules); `authentication` (3-D Secure); `declined` (the issuer, the card scheme or the cardholder said no); `service-error` (the acquirer's side failed).
         */
        StatusCode: number & (20000 | 40000 | 40110 | 40111 | 40120 | 40130 | 40135 | 40140 | 40150 | 40200 | 40300 | 40310 | 40400 | 40410 | 40411 | 40412 | 40413 | 40414 | 40415 | 40416 | 40420 | 50000);
        /**
         * Status
         * @description Outcome of a transaction.
         */
        Status: {
            code: components["schemas"]["StatusCode"];
            /**
             * @description Optional, more specific message, for example `parameter 'amount' is required` or `amount > 100 EUR and (not strongly authenticated)`. Meant for debugging and for showing to the merchant. Absent on approvals in every published example.
             * @example parameter 'amount' is required
             */
            message?: string;
        };
        /**
         * Timestamp
         * Format: date-time
         * @description ISO 8601 timestamp, which is all the source says. The public documentation's responses show a numeric UTC offset and whole seconds (`2026-11-20T10:15:30+00:00`), which the example gives; `Z` and fractions of a second are ISO 8601 too and are not refused.
         * @example 2026-11-20T10:15:30+00:00
         */
        Timestamp: string;
        /**
         * CscResult
         * @description Card security code result.
         */
        CscResult: {
            /** @description Whether a CSC was sent. */
            present?: boolean;
            /** @description `true` only if the issuer or card scheme confirmed the CSC; `false` if it was not validated or validation failed. An authorization can be approved (20000) with `matches: false`; the merchant's rules may forbid capturing it. */
            matches?: boolean;
        };
        /**
         * ThreeDSecureResult
         * @description 3-D Secure data used for the transaction; assumed to be present when 3-D Secure data was supplied.
         */
        ThreeDSecureResult: {
            /**
             * @description 3-D Secure version used (the message version), for example `2.2.0`.
             * @example 2.2.0
             */
            version?: string;
            /**
             * @description 3-D Secure status (the `transStatus` letter), for example `Y`; may be absent. `Y` (authenticated) and `A` (attempted) count as strong customer authentication (`sca.provided`, the issuer liable for fraud disputes); `N` (not authenticated) and `R` (rejected) decline the transaction with 40310.
             * @example Y
             */
            status?: string;
        };
        /**
         * ScaResult
         * @description Strong customer authentication (SCA) summary; replaced `threed_secure` on 2024-11-01.
         */
        ScaResult: {
            /** @description Whether strong customer authentication was provided. */
            provided?: boolean;
            /** @description Whether strong customer authentication was necessary. */
            necessary?: boolean;
        };
        /**
         * LiableForFraudDisputes
         * @description Who is liable for fraud disputes (chargebacks) on this transaction.
         * @enum {string}
         */
        LiableForFraudDisputes: "merchant" | "issuer";
        /**
         * SeriesResult
         * @description Series data; present on series transactions. A first-in-series response carries `type` and `tid`.
         */
        SeriesResult: {
            type?: components["schemas"]["SeriesType"];
            /**
             * @description Series transaction identifier (Visa 15-digit TID or Mastercard trace id) of the first-in-series transaction.
             * @example 481048839682954
             */
            tid?: string;
            /** @description Mastercard transaction link id (documented since 2026-03-09; may be absent). */
            tlid?: components["schemas"]["Tlid"];
            /** @description Mastercard economically related transaction link id (documented since 2026-03-09; may be absent). */
            economically_related_tlid?: components["schemas"]["Tlid"];
        };
        /**
         * AuthorizationLinks
         * @description Relative links to the authorization's sub-resources. The source names `captures` as the link an authorization has, so it is required; the others may be absent.
         */
        AuthorizationLinks: {
            /** @description The authorization itself; seen in older responses, may be absent. */
            self?: components["schemas"]["HalLink"];
            captures: components["schemas"]["HalLink"];
            /** @description The authorization's capture refunds. */
            refunds?: components["schemas"]["HalLink"];
            /** @description The authorization's voids. */
            voids?: components["schemas"]["HalLink"];
        };
        /**
         * Authorization
         * @description An authorization (reservation of money on the cardholder's account). `threed_secure` was removed from authorization responses on 2024-11-01 (use `sca`, `liable_for_fraud_disputes` and `3dsecure`) and is refused in an answer.
         */
        Authorization: {
            id?: components["schemas"]["TransactionId"];
            status?: components["schemas"]["Status"];
            processed_at?: components["schemas"]["Timestamp"];
            /** @description The amount authorized (echo). */
            amount?: components["schemas"]["Amount"];
            /** @description The currency of the authorization (echo). */
            currency?: components["schemas"]["Currency"];
            /** @description The text on statement used (echo). */
            text_on_statement?: string;
            /** @description The reference sent (echo). */
            reference?: string;
            csc?: components["schemas"]["CscResult"];
            "3dsecure"?: components["schemas"]["ThreeDSecureResult"];
            sca?: components["schemas"]["ScaResult"];
            liable_for_fraud_disputes?: components["schemas"]["LiableForFraudDisputes"];
            series?: components["schemas"]["SeriesResult"];
            _links?: components["schemas"]["AuthorizationLinks"];
        };
        /**
         * Approved
         * @description An approved transaction (status code 20000); `id`, `status` and `processed_at` are always present: the source's table of transaction response fields gives them for every transaction type, marking only `status.message` optional and the others as per type.
         */
        Approved: {
            id: components["schemas"]["TransactionId"];
            status: components["schemas"]["Status"] & {
                /** @constant */
                code: 20000;
            };
            processed_at: components["schemas"]["Timestamp"];
        };
        /**
         * Declined
         * @description A transaction that was not approved (any status code but 20000; the declined response of each operation narrows the code to those of its transaction type). A declined transaction normally carries `id` and `processed_at` too (it exists and, for an authorization, can be voided); an input error (40000) may carry only `status`.
         */
        Declined: {
            status: components["schemas"]["Status"] & {
                code: unknown;
            };
        };
        /**
         * PositiveAmount
         * Format: int32
         * @description Amount in minor units of the currency, greater than zero and at most 9 digits (`[1-9][0-9]{0,8}`, written in digits only in a form body: no sign, exponent, fraction or leading zero). Minor units follow the gateway's currency table (see `Amount`).
         * @example 1050
         */
        PositiveAmount: number;
        /**
         * TravelDate
         * Format: date
         * @description Calendar date `YYYY-MM-DD` in the years 2000 to 2099; may be in the past or the future.
         * @example 2026-12-24
         */
        TravelDate: string;
        /**
         * Travel
         * @description Travel data, `travel[...]`; exactly one of `car`, `flight` and `lodging`. Accepted since 2022-02-11.
         */
        Travel: {
            /** TravelCar */
            car?: {
                /** @description Car rental pick-up date. */
                pick_up_date: components["schemas"]["TravelDate"];
            };
            /** TravelFlight */
            flight?: {
                /** @description Flight departure date. */
                departure_date: components["schemas"]["TravelDate"];
            };
            /** TravelLodging */
            lodging?: {
                /** @description Lodging check-in date. */
                check_in_date: components["schemas"]["TravelDate"];
            };
        } & ({
            car: unknown;
            flight?: never;
            lodging?: never;
        } | {
            car?: never;
            flight: unknown;
            lodging?: never;
        } | {
            car?: never;
            flight?: never;
            lodging: unknown;
        });
        /**
         * Marketplace
         * @description Marketplace data, `marketplace[...]`.
         */
        Marketplace: {
            /**
             * @description `true` when a retailer located outside the EEA, Gibraltar and the United Kingdom is involved; sent as `true` or `false`.
             *
             *     **Rule:** required if the merchant is a marketplace.
             */
            interregional_retailer: boolean;
        };
        /**
         * CaptureRequest
         * @description Form parameters of `POST /authorizations/{authorization_id}/captures`. All are optional; an empty body captures the full remaining amount.
         */
        CaptureRequest: {
            /**
             * @description Amount to capture, in minor units of the authorization's currency. Defaults to the full remaining (uncaptured) amount.
             *
             *     **Rule:** at most the remaining amount of the authorization (refunds do not free up captured amount). Visa captures below the equivalent of USD 0.005 are declined (since 2025-05-19).
             */
            amount?: components["schemas"]["PositiveAmount"];
            /** @description Overrides the authorization's `text_on_statement` for this capture; same restrictions. */
            text_on_statement?: components["schemas"]["TextOnStatement"];
            travel?: components["schemas"]["Travel"];
            marketplace?: components["schemas"]["Marketplace"];
        };
        /**
         * CaptureLinks
         * @description Relative links; the source names both as the links a capture has.
         */
        CaptureLinks: {
            authorization: components["schemas"]["HalLink"];
            refunds: components["schemas"]["HalLink"];
        };
        /**
         * Capture
         * @description A capture (transfer of reserved money to the merchant).
         */
        Capture: {
            id?: components["schemas"]["TransactionId"];
            status?: components["schemas"]["Status"];
            processed_at?: components["schemas"]["Timestamp"];
            amount?: components["schemas"]["PositiveAmount"];
            /** @description The text on statement used (echo). */
            text_on_statement?: string;
            _links?: components["schemas"]["CaptureLinks"];
        };
        /**
         * RefundRequest
         * @description Form parameters of `POST /authorizations/{authorization_id}/refunds`. All are optional; an empty body refunds the full remaining captured amount.
         */
        RefundRequest: {
            /**
             * @description Amount to refund, in minor units of the authorization's currency. Defaults to the full remaining refundable amount.
             *
             *     **Rule:** at most the captured amount not yet refunded. Visa refunds below the equivalent of USD 0.005 are declined (since 2025-05-19).
             */
            amount?: components["schemas"]["PositiveAmount"];
            /** @description Overrides the authorization's `text_on_statement` for this refund; same restrictions. */
            text_on_statement?: components["schemas"]["TextOnStatement"];
            marketplace?: components["schemas"]["Marketplace"];
        };
        /**
         * RefundLinks
         * @description Relative links; the source names `authorization` as the link a refund has.
         */
        RefundLinks: {
            authorization: components["schemas"]["HalLink"];
        };
        /**
         * Refund
         * @description A capture refund (money returned to the cardholder); it belongs to the authorization.
         */
        Refund: {
            id?: components["schemas"]["TransactionId"];
            status?: components["schemas"]["Status"];
            processed_at?: components["schemas"]["Timestamp"];
            amount?: components["schemas"]["PositiveAmount"];
            /** @description The text on statement used (echo). */
            text_on_statement?: string;
            _links?: components["schemas"]["RefundLinks"];
        };
        /**
         * Void
         * @description A void (release of an authorization's reservation).
         */
        Void: {
            id?: components["schemas"]["TransactionId"];
            status?: components["schemas"]["Status"];
            processed_at?: components["schemas"]["Timestamp"];
            /** @description Amount released, in minor units (reported by some clients; may be absent). */
            amount?: components["schemas"]["Amount"];
            /** @description Text on statement of the authorization (reported by some clients; may be absent). */
            text_on_statement?: string;
        };
        /**
         * PersonName
         * @description Legal name, last name first, optionally followed by a middle initial (for example `Jensen Anna M`): 2 to 30 printable ASCII characters, not all digits, and without special characters such as `? @ # $ & *`.
         *
         *     **Rule:** the name must not be fictitious, a nickname or incomplete.
         * @example Jensen Anna M
         */
        PersonName: string;
        /**
         * CountryCode
         * @description ISO 3166-1 alpha-2 country code, upper case.
         * @example DK
         */
        CountryCode: string;
        /**
         * Sender
         * @description The sender of the funds (the cardholder), `sender[...]`. Intra-EEA includes the United Kingdom and Gibraltar.
         *
         *     **Rule:** `name`, `address`, `city` and `country` are required for intra-EEA and international debits; `date_of_birth` is mandated for intra-EEA and international Visa debits (since 2025-04).
         */
        Sender: {
            /**
             * @description Sender's legal name (last name first, optional middle initial).
             *
             *     **Rule:** required for intra-EEA and international debits, and whenever an address parameter (`address`, `city`, `state`, `country`) is supplied.
             */
            name?: components["schemas"]["PersonName"];
            /**
             * @description Sender's street address, 1 to 35 printable ASCII characters.
             *
             *     **Rule:** required for intra-EEA and international debits.
             * @example Torvegade 12
             */
            address?: string;
            /**
             * @description Sender's city, 1 to 25 printable ASCII characters.
             *
             *     **Rule:** required for intra-EEA and international debits.
             * @example Copenhagen
             */
            city?: string;
            /**
             * @description Sender's state or province, two upper-case letters; required when `country` is `CA` or `US`.
             * @example NY
             */
            state?: string;
            /**
             * @description Sender's country, ISO 3166-1 alpha-2.
             *
             *     **Rule:** required for intra-EEA and international debits.
             */
            country?: components["schemas"]["CountryCode"];
            /**
             * Format: date
             * @description Sender's date of birth, `YYYY-MM-DD`.
             *
             *     **Rule:** mandated for intra-EEA and international Visa debits.
             * @example 1985-04-23
             */
            date_of_birth?: string;
        };
        /**
         * Recipient
         * @description The recipient of the funds (the account being funded), `recipient[...]`. Name and account number have been required since 2023-07-31 for accounts with the business application identifier Account-to-Account and since 2025-04-28 for Mastercard debits.
         */
        Recipient: {
            /** @description Recipient's legal name; same naming rules as `sender[name]`. */
            name: components["schemas"]["PersonName"];
            /**
             * @description Identification of the funded account (for example an IBAN or a wallet id), 1 to 34 printable ASCII characters.
             * @example DK5000400440116243
             */
            account_number: string;
            /**
             * @description Type of `account_number`.
             *
             *     **Rule:** required for Mastercard, otherwise optional.
             * @enum {string}
             */
            account_number_type?: "other" | "rtn_and_ban" | "iban" | "email" | "phone_number" | "ban_and_bic" | "wallet_id" | "social_network_id";
            /**
             * @description Reference that uniquely identifies the recipient, 1 to 16 printable ASCII characters.
             *
             *     **Rule:** required for Visa when the account's business application identifier is Funds Disbursement.
             * @example CUST-000042
             */
            reference?: string;
        };
        /**
         * DebitRequest
         * @description Form parameters of `POST /debits`: the authorization parameters and payment methods, with an amount greater than zero, plus `sender` and `recipient`.
         *
         *     **Rule:** debits are allowed only for merchants with selected MCCs and an assigned Visa business application identifier or Mastercard transaction type indicator; a debit becomes a Visa account funding transaction or a Mastercard funding transaction.
         */
        DebitRequest: {
            amount?: components["schemas"]["PositiveAmount"];
            sender?: components["schemas"]["Sender"];
            recipient: components["schemas"]["Recipient"];
        } & (components["schemas"]["PaymentMethod"] & components["schemas"]["AuthorizationParameters"]);
        /**
         * Debit
         * @description A debit (one-step real-time transfer from the cardholder's account).
         */
        Debit: {
            id?: components["schemas"]["TransactionId"];
            status?: components["schemas"]["Status"];
            processed_at?: components["schemas"]["Timestamp"];
            /** @description The amount debited (echo). */
            amount?: components["schemas"]["PositiveAmount"];
            /** @description The currency of the debit (echo). */
            currency?: components["schemas"]["Currency"];
            /** @description The text on statement used (echo). */
            text_on_statement?: string;
            csc?: components["schemas"]["CscResult"];
            "3dsecure"?: components["schemas"]["ThreeDSecureResult"];
            sca?: components["schemas"]["ScaResult"];
            liable_for_fraud_disputes?: components["schemas"]["LiableForFraudDisputes"];
            series?: components["schemas"]["SeriesResult"];
            /**
             * DebitLinks
             * @description Relative links.
             */
            _links?: {
                refunds?: components["schemas"]["HalLink"];
            };
        };
        /**
         * DebitRefund
         * @description A debit refund (the full amount of a debit returned).
         */
        DebitRefund: {
            id?: components["schemas"]["TransactionId"];
            status?: components["schemas"]["Status"];
            processed_at?: components["schemas"]["Timestamp"];
            amount?: components["schemas"]["PositiveAmount"];
            /**
             * DebitRefundLinks
             * @description Relative links.
             */
            _links?: {
                debit?: components["schemas"]["HalLink"];
            };
        };
        /**
         * CreditCard
         * @description Card to pay out to (`card[...]` of a credit).
         */
        CreditCard: {
            pan: components["schemas"]["Pan"];
            expire_month: components["schemas"]["ExpireMonth"];
            expire_year: components["schemas"]["ExpireYear"];
            csc?: components["schemas"]["Csc"];
            /**
             * @description Cardholder name, 1 to 30 characters of letters, digits and spaces.
             *
             *     **Rule:** required for Mastercard Payment of Winnings and (since 2025-04-28) for Mastercard cross-border credits that are not Payment of Winnings.
             * @example Anna Jensen
             */
            name?: string;
        };
        /**
         * CreditRequest
         * @description Form parameters of `POST /credits`. A credit is implicitly merchant-initiated (`initiator=merchant`) and uses a stored credential (`credential_on_file=use`).
         */
        CreditRequest: {
            amount: components["schemas"]["PositiveAmount"];
            currency: components["schemas"]["Currency"];
            text_on_statement?: components["schemas"]["TextOnStatement"];
            reference?: components["schemas"]["Reference"];
            card: components["schemas"]["CreditCard"];
        };
        /**
         * Credit
         * @description A credit (payout to a cardholder). No links are documented.
         */
        Credit: {
            id?: components["schemas"]["TransactionId"];
            status?: components["schemas"]["Status"];
            processed_at?: components["schemas"]["Timestamp"];
            amount?: components["schemas"]["PositiveAmount"];
            currency?: components["schemas"]["Currency"];
            /** @description The text on statement used (echo). */
            text_on_statement?: string;
            /** @description The reference sent (echo). */
            reference?: string;
        };
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
    };
    responses: {
        /** @description Unauthorized: the API key in the Basic `Authorization` header is invalid. No body is documented. A missing, disabled or expired key is assumed to be refused the same way. An incorrect `Signature` header is not answered with 401: the transaction fails with a status in the body instead (`invalid signing api-key` is observed for an unknown signing key). */
        Unauthorized: {
            headers: {
                "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Not found. The service lists 404 among its HTTP status codes without saying when it is returned; an unknown path (for example a misspelt one) is the assumed cause. No body is documented. An unknown transaction id in a valid path is answered with 400 and `status.message` `invalid transaction id` instead (observed by public clients). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Server error. The source states the range (5xx) with the gateway's media type, as on every response, and no body; distinct from transaction status code 50000, which comes in a transaction body. The operations list 500, 502, 503 and 504 one by one only because code generators cannot name a 5XX range (orval emits `status: 5XX`, which does not compile): any other 5xx status is as documented as these. */
        ServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.clearhaus-gateway.hal+json": unknown;
            };
        };
        /** @description Created and approved (status code 20000). Money is reserved and can now be captured. Answered with 200 or 201, as the source allows for success (201 is what public client transcripts show for authorizations and captures). */
        AuthorizationApproved: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["Authorization"] & components["schemas"]["Approved"] & {
                    _links: components["schemas"]["AuthorizationLinks"];
                };
            };
        };
        /** @description Not approved: the authorization was declined (by the issuer, the card scheme or a rule; any status code the status code table lists for authorizations, 20000 excepted) or the request had an input error (status 40000, with `status.message` naming the parameter, and possibly no `id`). An authorization that ended with 50000 can still be voided. */
        AuthorizationDeclined: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["Authorization"] & components["schemas"]["Declined"] & {
                    status?: {
                        /** @enum {unknown} */
                        code?: 40000 | 40110 | 40111 | 40120 | 40130 | 40135 | 40140 | 40150 | 40200 | 40300 | 40310 | 40400 | 40410 | 40411 | 40412 | 40413 | 40414 | 40415 | 40416 | 40420 | 50000;
                    };
                };
            };
        };
        /** @description Created and approved (status code 20000). The amount will be transferred to the merchant. Answered with 200 or 201, as the source allows for success (201 is what public client transcripts show for authorizations and captures). */
        CaptureApproved: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["Capture"] & components["schemas"]["Approved"] & {
                    amount: components["schemas"]["PositiveAmount"];
                    _links: components["schemas"]["CaptureLinks"];
                };
            };
        };
        /** @description Not approved: the capture was declined (for example when the authorization is 180 days old or more, the amount exceeds the remaining amount, or a Visa amount is below the equivalent of USD 0.005) or the request had an input error (status 40000, with `status.message` naming the parameter). An unknown `authorization_id` gives `status.message` `invalid transaction id`. */
        CaptureDeclined: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["Capture"] & components["schemas"]["Declined"] & {
                    status?: {
                        /** @enum {unknown} */
                        code?: 40000 | 40140 | 40150 | 40200 | 50000;
                    };
                };
            };
        };
        /** @description Created and approved (status code 20000). The amount will be returned to the cardholder. Answered with 200 or 201, as the source allows for success (201 is what public client transcripts show for authorizations and captures). */
        RefundApproved: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["Refund"] & components["schemas"]["Approved"] & {
                    amount: components["schemas"]["PositiveAmount"];
                    _links: components["schemas"]["RefundLinks"];
                };
            };
        };
        /** @description Not approved: the refund was declined (by the issuer, the card scheme or a rule; for example when the last capture is more than 365 days old or the amount exceeds what is left to refund) or the request had an input error (status 40000, with `status.message` naming the parameter). An unknown `authorization_id` gives `status.message` `invalid transaction id`. */
        RefundDeclined: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["Refund"] & components["schemas"]["Declined"] & {
                    status?: {
                        /** @enum {unknown} */
                        code?: 40000 | 40110 | 40135 | 40140 | 40150 | 40200 | 40400 | 40410 | 40411 | 40412 | 40413 | 40414 | 40415 | 40416 | 40420 | 50000;
                    };
                };
            };
        };
        /** @description Created and approved (status code 20000). The reservation is released. Answered with 200 or 201, as the source allows for success (201 is what public client transcripts show for authorizations and captures). */
        VoidApproved: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["Void"] & components["schemas"]["Approved"];
            };
        };
        /** @description Not approved: the void was declined (by the issuer, the card scheme or a rule; for example when the authorization is 30 days old or more) or failed with an input error (status 40000). An unknown `authorization_id` gives `status.message` `invalid transaction id`. */
        VoidDeclined: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["Void"] & components["schemas"]["Declined"] & {
                    status?: {
                        /** @enum {unknown} */
                        code?: 40000 | 40140 | 40200 | 40400 | 40410 | 50000;
                    };
                };
            };
        };
        /** @description Created and approved (status code 20000). The money is transferred in real time. Answered with 200 or 201, as the source allows for success (201 is what public client transcripts show for authorizations and captures). */
        DebitApproved: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["Debit"] & components["schemas"]["Approved"];
            };
        };
        /** @description Not approved: the debit was declined (by the issuer, the card scheme or a rule; any status code the status code table lists for debits, 20000 excepted) or the request had an input error (status 40000, with `status.message` naming the parameter, and possibly no `id`). */
        DebitDeclined: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["Debit"] & components["schemas"]["Declined"] & {
                    status?: {
                        /** @enum {unknown} */
                        code?: 40000 | 40110 | 40111 | 40120 | 40130 | 40135 | 40140 | 40150 | 40200 | 40300 | 40310 | 40400 | 40410 | 40411 | 40412 | 40413 | 40414 | 40415 | 40416 | 40420 | 50000;
                    };
                };
            };
        };
        /** @description Created and approved (status code 20000). The full debit amount is returned to the cardholder. Answered with 200 or 201, as the source allows for success (201 is what public client transcripts show for authorizations and captures). */
        DebitRefundApproved: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["DebitRefund"] & components["schemas"]["Approved"];
            };
        };
        /** @description Not approved: the debit refund was declined (for example a second refund of the same debit; the card network or issuer may decline once 24 hours have passed or the debit has cleared, with no dedicated status code) or failed with an input error (status 40000). An unknown `debit_id` gives `status.message` `invalid transaction id`. */
        DebitRefundDeclined: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["DebitRefund"] & components["schemas"]["Declined"] & {
                    status?: {
                        /** @enum {unknown} */
                        code?: 40000 | 40110 | 40120 | 40135 | 40140 | 40200 | 40400 | 40410 | 40411 | 40412 | 40413 | 40414 | 40415 | 40416 | 40420 | 50000;
                    };
                };
            };
        };
        /** @description Created and approved (status code 20000). The payout is on its way to the cardholder. Answered with 200 or 201, as the source allows for success (201 is what public client transcripts show for authorizations and captures). */
        CreditApproved: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["Credit"] & components["schemas"]["Approved"] & {
                    amount: components["schemas"]["PositiveAmount"];
                    currency: components["schemas"]["Currency"];
                };
            };
        };
        /** @description Not approved: the credit was declined (by the issuer, the card scheme or a rule; any status code the status code table lists for credits, 20000 excepted) or the request had an input error (status 40000, with `status.message` naming the parameter, and possibly no `id`). */
        CreditDeclined: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["Credit"] & components["schemas"]["Declined"] & {
                    status?: {
                        /** @enum {unknown} */
                        code?: 40000 | 40110 | 40111 | 40130 | 40135 | 40140 | 40150 | 40200 | 40400 | 40410 | 40411 | 40412 | 40413 | 40414 | 40415 | 40416 | 40420 | 50000;
                    };
                };
            };
        };
    };
    parameters: {
        /**
         * @description Id of the authorization (the `id` of its response). An unknown id gives HTTP 400 with `status.message` `invalid transaction id`.
         * @example 4c1e8f3a-9b2d-4e6f-8a1b-2c3d4e5f6a7b
         */
        AuthorizationId: components["schemas"]["TransactionId"];
        /**
         * @description Id of the debit (the `id` of its response). An unknown id gives HTTP 400 with `status.message` `invalid transaction id`.
         * @example 7d2f5b8e-1c3a-4e9d-b6f0-3a8c2e1d9b47
         */
        DebitId: components["schemas"]["TransactionId"];
    };
    requestBodies: never;
    headers: {
        /** @description The authentication scheme to use, `Basic`. */
        WwwAuthenticate: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    discoverResources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Links to the authorizations collection and the account resource. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["Root"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["ServerError"];
            502: components["responses"]["ServerError"];
            503: components["responses"]["ServerError"];
            504: components["responses"]["ServerError"];
        };
    };
    createAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["AuthorizationRequest"];
            };
        };
        responses: {
            200: components["responses"]["AuthorizationApproved"];
            201: components["responses"]["AuthorizationApproved"];
            400: components["responses"]["AuthorizationDeclined"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["ServerError"];
            502: components["responses"]["ServerError"];
            503: components["responses"]["ServerError"];
            504: components["responses"]["ServerError"];
        };
    };
    createCapture: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the authorization (the `id` of its response). An unknown id gives HTTP 400 with `status.message` `invalid transaction id`.
                 * @example 4c1e8f3a-9b2d-4e6f-8a1b-2c3d4e5f6a7b
                 */
                authorization_id: components["parameters"]["AuthorizationId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["CaptureRequest"];
            };
        };
        responses: {
            200: components["responses"]["CaptureApproved"];
            201: components["responses"]["CaptureApproved"];
            400: components["responses"]["CaptureDeclined"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["ServerError"];
            502: components["responses"]["ServerError"];
            503: components["responses"]["ServerError"];
            504: components["responses"]["ServerError"];
        };
    };
    createRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the authorization (the `id` of its response). An unknown id gives HTTP 400 with `status.message` `invalid transaction id`.
                 * @example 4c1e8f3a-9b2d-4e6f-8a1b-2c3d4e5f6a7b
                 */
                authorization_id: components["parameters"]["AuthorizationId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["RefundRequest"];
            };
        };
        responses: {
            200: components["responses"]["RefundApproved"];
            201: components["responses"]["RefundApproved"];
            400: components["responses"]["RefundDeclined"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["ServerError"];
            502: components["responses"]["ServerError"];
            503: components["responses"]["ServerError"];
            504: components["responses"]["ServerError"];
        };
    };
    createVoid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the authorization (the `id` of its response). An unknown id gives HTTP 400 with `status.message` `invalid transaction id`.
                 * @example 4c1e8f3a-9b2d-4e6f-8a1b-2c3d4e5f6a7b
                 */
                authorization_id: components["parameters"]["AuthorizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["VoidApproved"];
            201: components["responses"]["VoidApproved"];
            400: components["responses"]["VoidDeclined"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["ServerError"];
            502: components["responses"]["ServerError"];
            503: components["responses"]["ServerError"];
            504: components["responses"]["ServerError"];
        };
    };
    createDebit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["DebitRequest"];
            };
        };
        responses: {
            200: components["responses"]["DebitApproved"];
            201: components["responses"]["DebitApproved"];
            400: components["responses"]["DebitDeclined"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["ServerError"];
            502: components["responses"]["ServerError"];
            503: components["responses"]["ServerError"];
            504: components["responses"]["ServerError"];
        };
    };
    createDebitRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the debit (the `id` of its response). An unknown id gives HTTP 400 with `status.message` `invalid transaction id`.
                 * @example 7d2f5b8e-1c3a-4e9d-b6f0-3a8c2e1d9b47
                 */
                debit_id: components["parameters"]["DebitId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DebitRefundApproved"];
            201: components["responses"]["DebitRefundApproved"];
            400: components["responses"]["DebitRefundDeclined"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["ServerError"];
            502: components["responses"]["ServerError"];
            503: components["responses"]["ServerError"];
            504: components["responses"]["ServerError"];
        };
    };
    createCredit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["CreditRequest"];
            };
        };
        responses: {
            200: components["responses"]["CreditApproved"];
            201: components["responses"]["CreditApproved"];
            400: components["responses"]["CreditDeclined"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["ServerError"];
            502: components["responses"]["ServerError"];
            503: components["responses"]["ServerError"];
            504: components["responses"]["ServerError"];
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.clearhaus-gateway.hal+json": components["schemas"]["Account"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["ServerError"];
            502: components["responses"]["ServerError"];
            503: components["responses"]["ServerError"];
            504: components["responses"]["ServerError"];
        };
    };
}
