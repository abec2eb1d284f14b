export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the root resource
         * @description Entry point of the API and the only address a client needs to know. Every other address is found by following link relations from here; the `ch:` collection links appear only when the token grants access to them.
         */
        get: operations["getRoot"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Learn what the root link permits
         * @description `Allow: GET, OPTIONS`.
         */
        options: operations["optionsRoot"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Obtain an access token
         * @description Client Credentials grant (RFC 6749 §4.4), the only supported grant. Authenticate with HTTP Basic using `client_id:client_secret` and send `grant_type=client_credentials` and `audience` (the base address of the API) as a form body. Discover this address through the root's `oauth2-token` link or an `oauth2-token` problem member. Cache the token for `expires_in` seconds: the token endpoint is rate limited.
         */
        post: operations["createToken"];
        delete?: never;
        /**
         * Learn what the token link permits
         * @description `Allow: POST, OPTIONS`. Authenticated like the token request.
         */
        options: operations["optionsToken"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register an OAuth client
         * @description Protected dynamic client registration (RFC 7591): the call carries a bearer token, so a first client is registered in the management console. The registered client is always confidential; use its `client_id` and `client_secret` with HTTP Basic on the token endpoint.
         */
        post: operations["registerClient"];
        delete?: never;
        /**
         * Learn what the clients link permits
         * @description `Allow: POST, OPTIONS`.
         */
        options: operations["optionsClients"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List transactions
         * @description Reached by expanding the root's templated `ch:transactions` link (`…/transactions{?query,per_page}`). Cursor-paginated: follow `next` until it is absent.
         */
        get: operations["listTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Learn what the transactions link permits
         * @description `Allow: GET, OPTIONS`.
         */
        options: operations["optionsTransactions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List applications
         * @description Reached by expanding the root's templated `ch:applications` link (`…/applications{?query,page,per_page}`). Items are embedded under `ch:applications`.
         */
        get: operations["listApplications"];
        put?: never;
        /**
         * Create an application
         * @description `POST` to the root's `ch:applications` link (the expanded template without variables). The new application is `unsubmitted`; its contact, company and bank account are created with it. Submit it later with the `submitted` stamp.
         */
        post: operations["createApplication"];
        delete?: never;
        /**
         * Learn what the applications link permits
         * @description `Allow: GET, POST, OPTIONS`.
         */
        options: operations["optionsApplications"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{application_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        /**
         * Get an application
         * @description Follow an application's `self` link (or an embedded item of `ch:applications`).
         */
        get: operations["getApplication"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Learn what the application link permits
         * @description `Allow: GET, PATCH, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsApplication"];
        head?: never;
        /**
         * Update an application
         * @description `PATCH` the application's `self` link with the properties to change. Takes the same parameters as the create request.
         */
        patch: operations["updateApplication"];
        trace?: never;
    };
    "/applications/{application_id}/stamps/{stamp_name}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
                /**
                 * @description Name of the stamp, as in the `name` of the application's `ch:stamps` link.
                 * @example submitted
                 */
                stamp_name: components["parameters"]["ApplicationStampName"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Add a stamp to an application
         * @description `PUT` the link named after the stamp in the application's `ch:stamps`, without a body. `submitted` hands the application in; it is accepted only when the application holds all necessary data, and a refusal names the missing data in `errors`. Adding a stamp the application already carries changes nothing.
         */
        put: operations["addApplicationStamp"];
        post?: never;
        /**
         * Remove a stamp from an application
         * @description `DELETE` the stamp's link to remove a stamp that allows removal. Which application stamps are removable is not published; `OPTIONS` on the link (`Allow`) tells.
         */
        delete: operations["removeApplicationStamp"];
        /**
         * Learn what the application stamp link permits
         * @description `Allow: PUT, DELETE, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsApplicationStamp"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{application_id}/gateways": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        /**
         * List an application's gateways
         * @description Follow the application's `ch:gateways` link. `_embedded["ch:gateways"]` holds the selected gateways, `_embedded.selectable` the gateways that can be selected, each with a `ch:selection` link. An application requires the selection of a gateway.
         */
        get: operations["listApplicationGateways"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Learn what the gateways link permits
         * @description `Allow: GET, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsApplicationGateways"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{application_id}/gateways/{gateway_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
                /**
                 * @description Gateway identifier, the gateway's `id`. Paths are shapes; take the address from the link relation.
                 * @example 8b7e5a0c-2f4d-4c6e-b1a9-5d3e7f9a1c24
                 */
                gateway_id: components["parameters"]["GatewayId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Select a gateway for an application
         * @description `PUT` a selectable gateway's `ch:selection` link, without a body. The gateway then appears under `ch:gateways` of the application's gateways collection instead of `selectable`. An application requires the selection of a gateway.
         */
        put: operations["selectApplicationGateway"];
        post?: never;
        delete?: never;
        /**
         * Learn what the gateway selection link permits
         * @description `Allow: PUT, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsApplicationGatewaySelection"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{application_id}/people": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        /**
         * List the directors and owners
         * @description Expand the application's templated `ch:people` link (`{?page,per_page}`); the company's `ch:people` link leads to the same collection. Items are embedded under `ch:people`.
         */
        get: operations["listPeople"];
        put?: never;
        /**
         * Add a director or owner
         * @description `POST` to the `ch:people` link (expanded without variables). Then attach the person's identity documents through the person's `ch:files` link.
         */
        post: operations["createPerson"];
        delete?: never;
        /**
         * Learn what the people link permits
         * @description `Allow: GET, POST, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsPeople"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{application_id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        /**
         * List an application's files
         * @description Expand the application's `ch:files` link. Items are embedded under `ch:files`.
         */
        get: operations["listApplicationFiles"];
        put?: never;
        /**
         * Create a file for an application
         * @description Step 1 of the Files flow for a document about the application itself (for example a bank statement). Then upload the bytes to the returned `ch:data` link named `upload`.
         */
        post: operations["createApplicationFile"];
        delete?: never;
        /**
         * Learn what the application's files link permits
         * @description `Allow: GET, POST, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsApplicationFiles"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{application_id}/contracts": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        /**
         * List an application's contracts
         * @description Follow the application's `ch:contracts` link, present once a contract exists. Items are embedded under `ch:contracts`. This collection has no `last` link.
         */
        get: operations["listContracts"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Learn what the contracts link permits
         * @description `Allow: GET, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsContracts"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people/{person_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Person identifier, from the person's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 3c1f0a6e-8d2b-4f57-9a41-7e0d2c5b9f13
                 */
                person_id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        /**
         * Get a person
         * @description Follow a person's `self` link.
         */
        get: operations["getPerson"];
        put?: never;
        post?: never;
        /**
         * Remove a person
         * @description `DELETE` the person's `self` link.
         */
        delete: operations["deletePerson"];
        /**
         * Learn what the person link permits
         * @description `Allow: GET, PATCH, DELETE, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsPerson"];
        head?: never;
        /**
         * Update a person
         * @description `PATCH` the person's `self` link with the properties to change.
         */
        patch: operations["updatePerson"];
        trace?: never;
    };
    "/people/{person_id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Person identifier, from the person's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 3c1f0a6e-8d2b-4f57-9a41-7e0d2c5b9f13
                 */
                person_id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        /**
         * List a person's files
         * @description Expand the person's `ch:files` link. Items are embedded under `ch:files`.
         */
        get: operations["listPersonFiles"];
        put?: never;
        /**
         * Create an identity document file for a person
         * @description Step 1 of the Files flow: `POST` the metadata to the person's `ch:files` link. A person needs a document with picture (`picture_legitimation`) and one with address (`address_legitimation`). Then upload the bytes to the returned `ch:data` link named `upload` (`uploadFileContent`).
         */
        post: operations["createPersonFile"];
        delete?: never;
        /**
         * Learn what the person's files link permits
         * @description `Allow: GET, POST, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsPersonFiles"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gateways/{gateway_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Gateway identifier, the gateway's `id`. Paths are shapes; take the address from the link relation.
                 * @example 8b7e5a0c-2f4d-4c6e-b1a9-5d3e7f9a1c24
                 */
                gateway_id: components["parameters"]["GatewayId"];
            };
            cookie?: never;
        };
        /**
         * Get a gateway
         * @description Follow a gateway's `self` link. A selectable gateway carries `ch:selection`; a selected one carries `ch:comments`.
         */
        get: operations["getGateway"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Learn what the gateway link permits
         * @description `Allow: GET, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsGateway"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disputes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List disputes
         * @description Expand the root's templated `ch:disputes` link (`…/disputes{?query,page,per_page}`). Items are embedded under `ch:disputes`.
         */
        get: operations["listDisputes"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Learn what the disputes link permits
         * @description `Allow: GET, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsDisputes"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disputes/{dispute_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Dispute identifier, the dispute's `id`. Paths are shapes; take the address from the link relation.
                 * @example c6d9153b-32cb-472a-9dc9-553e9c79ea22
                 */
                dispute_id: components["parameters"]["DisputeId"];
            };
            cookie?: never;
        };
        /**
         * Get a dispute
         * @description Follow a dispute's `self` link. Disputes are read-only; act with stamps, files and comments.
         */
        get: operations["getDispute"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Learn what the dispute link permits
         * @description `Allow: GET, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsDispute"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disputes/{dispute_id}/stamps/{stamp_name}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Dispute identifier, the dispute's `id`. Paths are shapes; take the address from the link relation.
                 * @example c6d9153b-32cb-472a-9dc9-553e9c79ea22
                 */
                dispute_id: components["parameters"]["DisputeId"];
                /**
                 * @description Name of the stamp, as in the `name` of the dispute's `ch:stamps` link.
                 * @example refuted
                 */
                stamp_name: components["parameters"]["DisputeStampName"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Refute or accept a dispute
         * @description `PUT` the link named `refuted` or `accepted` in the dispute's `ch:stamps`, without a body. To refute, first attach the evidence files and comments. Dispute stamps cannot be removed.
         */
        put: operations["addDisputeStamp"];
        post?: never;
        delete?: never;
        /**
         * Learn what the dispute stamp link permits
         * @description `Allow: PUT, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsDisputeStamp"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disputes/{dispute_id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Dispute identifier, the dispute's `id`. Paths are shapes; take the address from the link relation.
                 * @example c6d9153b-32cb-472a-9dc9-553e9c79ea22
                 */
                dispute_id: components["parameters"]["DisputeId"];
            };
            cookie?: never;
        };
        /**
         * List a dispute's files
         * @description Expand the dispute's templated `ch:files` link. Items are embedded under `ch:files`.
         */
        get: operations["listDisputeFiles"];
        put?: never;
        /**
         * Create an evidence file for a dispute
         * @description Step 1 of the Files flow for dispute evidence. Advice: at most 10 MB per file, since card schemes may not process larger files correctly (`x-recommended-maximum` of `size`). Then upload the bytes to the returned `ch:data` link named `upload`, and refute the dispute with its `refuted` stamp.
         */
        post: operations["createDisputeFile"];
        delete?: never;
        /**
         * Learn what the dispute's files link permits
         * @description `Allow: GET, POST, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsDisputeFiles"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contracts/{contract_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Contract identifier, from the contract's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 5e2d8c41-9b7a-4f3e-a6d0-1c8b2e4f7a95
                 */
                contract_id: components["parameters"]["ContractId"];
            };
            cookie?: never;
        };
        /**
         * Get a contract
         * @description Follow a contract's `self` link. Its `ch:stamps` lists the stamps that apply in its current `state`.
         */
        get: operations["getContract"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Learn what the contract link permits
         * @description `Allow: GET, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsContract"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contracts/{contract_id}/stamps/{stamp_name}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Contract identifier, from the contract's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 5e2d8c41-9b7a-4f3e-a6d0-1c8b2e4f7a95
                 */
                contract_id: components["parameters"]["ContractId"];
                /**
                 * @description Name of the stamp, as in the `name` of the contract's `ch:stamps` link. No contract stamp names are published; use the names the links offer.
                 * @example signed
                 */
                stamp_name: components["parameters"]["ContractStampName"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Add a stamp to a contract
         * @description `PUT` the link named after the stamp in the contract's `ch:stamps`. Contract stamps accept an optional `note`; send no body to add the stamp without one.
         */
        put: operations["addContractStamp"];
        post?: never;
        delete?: never;
        /**
         * Learn what the contract stamp link permits
         * @description `Allow: PUT, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsContractStamp"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description File identifier, from the file's `self` link. Paths are shapes; take the address from the link relation.
                 * @example a41f6c2e-7d3b-4e85-9f10-2b6c8d4e0f37
                 */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        /**
         * Get a file's metadata
         * @description Follow a file's `self` link. `_links["ch:data"]` holds the `upload` and `download` links.
         */
        get: operations["getFile"];
        put?: never;
        post?: never;
        /**
         * Delete a file
         * @description `DELETE` the file's `self` link, metadata and content.
         */
        delete: operations["deleteFile"];
        /**
         * Learn what the file link permits
         * @description `Allow: GET, PATCH, DELETE, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsFile"];
        head?: never;
        /**
         * Update a file's metadata
         * @description `PATCH` the file's `self` link to correct `name`, `content_type` or `size`, for example before uploading different content. The `label` cannot be changed.
         */
        patch: operations["updateFile"];
        trace?: never;
    };
    "/files/{file_id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description File identifier, from the file's `self` link. Paths are shapes; take the address from the link relation.
                 * @example a41f6c2e-7d3b-4e85-9f10-2b6c8d4e0f37
                 */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        /**
         * Download a file's content
         * @description Step 3 of the Files flow: `GET` the file's `ch:data` link named `download`. Returns the bytes with the file's `content_type`.
         */
        get: operations["downloadFileContent"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Learn what the file content link permits
         * @description `Allow: GET, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsFileContent"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{upload_path}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Opaque path of the pre-signed upload address; it may contain `/`. **Rule:** use the `href` of the file's `ch:data` link named `upload` (`x-from-link`) verbatim, host and signature query parameters included, before it expires.
                 * @example a41f6c2e-7d3b-4e85-9f10-2b6c8d4e0f37
                 */
                upload_path: components["parameters"]["UploadPath"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Upload a file's content to storage
         * @description Step 2 of the Files flow: `PUT` the raw bytes to the file's `ch:data` link named `upload`. The address is pre-signed and time-limited on an external storage host, not on the API: use it verbatim, send **no** `Authorization` header, and set `Content-Type` to exactly the file's `content_type` (the signature covers it). The responses are the storage host's, not problem details, and carry no rate-limit headers.
         */
        put: operations["uploadFileContent"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{context}/{context_id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Collection segment of the commented resource. Comment collections live under the commented resource (`…/<collection>/<id>/comments{?page,per_page}`); reach them through its `ch:comments` link.
                 * @example applications
                 */
                context: components["parameters"]["CommentContext"];
                /**
                 * @description Identifier of the commented resource.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                context_id: components["parameters"]["CommentContextId"];
            };
            cookie?: never;
        };
        /**
         * List comments on a resource
         * @description Expand the resource's `ch:comments` link (`{?page,per_page}`). Items are embedded under `ch:comments`; the collection links back to the commented resource.
         */
        get: operations["listComments"];
        put?: never;
        /**
         * Comment on a resource or one of its fields
         * @description `POST` to the resource's `ch:comments` link. Tag the comment `ch-field:<property_name>` to comment on one commentable property (see Field comments).
         */
        post: operations["createComment"];
        delete?: never;
        /**
         * Learn what the comments link permits
         * @description `Allow: GET, POST, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsComments"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/comments/{comment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Comment identifier, the comment's `id`. Paths are shapes; take the address from the link relation.
                 * @example e7c3b9d1-5a2f-4c8e-b0d6-9f1a3e5c7b28
                 */
                comment_id: components["parameters"]["CommentId"];
            };
            cookie?: never;
        };
        /**
         * Get a comment
         * @description Follow a comment's `self` link. Comments cannot be edited or deleted.
         */
        get: operations["getComment"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Learn what the comment link permits
         * @description `Allow: GET, OPTIONS` (fewer methods when the current state or your access forbids them).
         */
        options: operations["optionsComment"];
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * RateLimitValue
         * @description Value of a `RateLimit-Limit`, `RateLimit-Remaining` or `RateLimit-Reset` header, a non-negative integer.
         * @example 97
         */
        RateLimitValue: number;
        /**
         * Link
         * @description HAL link object. Follow `href` as given; never build or edit it. When `templated` is true, `href` is a URI Template (RFC 6570) that you expand before use.
         */
        Link: {
            /** @description Target URL, or a URI Template (RFC 6570) when `templated` is true. */
            href: string;
            /** @description True when `href` is a URI Template. Absent means false. */
            templated?: boolean;
            /** @description Tells apart the links of a relation that holds an array of links (`upload` and `download` in `ch:data`, the stamp name in `ch:stamps`). */
            name?: string;
        };
        /**
         * Curie
         * @description Compact URI declaration (HAL). Expanding `href` with `rel` set to the part after `ch:` gives the documentation page of a relation, which carries its profile (RFC 6906).
         */
        Curie: components["schemas"]["Link"] & {
            /**
             * @description The prefix of every relation of the service.
             * @constant
             */
            name: "ch";
            /** @description URI Template ending in `{rel}`, located at the API documentation site. */
            href?: unknown;
            /** @constant */
            templated: true;
        };
        /**
         * Curies
         * @description `_links.curies`: declares the `ch` prefix of the service's link relations. Present on every top-level representation; embedded items may omit it.
         */
        Curies: components["schemas"]["Curie"][];
        /**
         * HalLinks
         * @description Members of `_links` common to every HAL representation of the service. Relations of the service are prefixed `ch:` and resolve through `curies`. **Rule:** `curies` is present on every top-level representation; embedded items may omit it. Each answer's schema states it (`TopLevelHal`); `x-required-at-top-level` repeats it as a hint for tools.
         */
        HalLinks: {
            self: components["schemas"]["Link"];
            curies?: components["schemas"]["Curies"];
        };
        /**
         * TemplatedLink
         * @description A link whose `href` is a URI Template (RFC 6570), for example `https://merchant.clearhaus.com/disputes{?query,page,per_page}`. Expand it with the variables you need; unset variables drop out of the expansion (`…/disputes?per_page=50`).
         */
        TemplatedLink: components["schemas"]["Link"] & {
            href?: unknown;
            /** @constant */
            templated: true;
        };
        /**
         * CollectionLink
         * @description A templated link to a paginated collection. The source states that a paginated collection exposes `per_page` as a template variable of its templated link, so the template has a form-style query expression naming `per_page` (`{?page,per_page}`, `{?query,page,per_page}`, `{?query,per_page}`).
         */
        CollectionLink: components["schemas"]["TemplatedLink"] & {
            href?: unknown;
        };
        /**
         * Root
         * @description Entry point of the API. It has no properties, only links. The `ch:` collection links are present only when the token grants access to them. Gateways, people, contracts and files are reached from an application or a dispute, never from the root.
         */
        Root: {
            _links: components["schemas"]["HalLinks"] & {
                /** @description The token endpoint (`POST`). */
                "oauth2-token": components["schemas"]["Link"];
                /** @description Applications collection, template `{?query,page,per_page}`. */
                "ch:applications"?: components["schemas"]["CollectionLink"];
                /** @description Records collection, template `{?query,page,per_page}` (not described here). */
                "ch:records"?: components["schemas"]["CollectionLink"];
                /** @description Merchant accounts collection, template `{?query,page,per_page}` (not described here). */
                "ch:accounts"?: components["schemas"]["CollectionLink"];
                /** @description Settlements collection, template `{?query,page,per_page}` (not described here). */
                "ch:settlements"?: components["schemas"]["CollectionLink"];
                /** @description Transactions collection, template `{?query,per_page}` (no `page`; cursor pagination). */
                "ch:transactions"?: components["schemas"]["CollectionLink"];
                /** @description Disputes collection, template `{?query,page,per_page}`. */
                "ch:disputes"?: components["schemas"]["CollectionLink"];
            };
        };
        /**
         * TopLevelHal
         * @description What a top-level HAL representation adds to the same resource embedded in another: its `_links` carry `curies`. Every `application/hal+json` answer but the token's and the client registration's (whose members the source lists, without curies) combines its resource schema (which requires `_links`) with this one; `x-required-at-top-level` on `HalLinks` says the same for tools.
         */
        TopLevelHal: unknown;
        /**
         * Problem
         * @description Problem details (RFC 7807), media type `application/problem+json`, used by every error response of the service except those of the token endpoint (see `OAuthError`). Members beyond `title` and `status` depend on the case; see the specialised problems and the Errors chapter.
         */
        Problem: {
            /** @description Short name of the problem, for example `Validation Error`. */
            title: string;
            /**
             * Format: int32
             * @description HTTP status code of the response.
             */
            status: number;
            /** @description Explanation of this occurrence. May be absent. */
            detail?: string;
            /** @description Extension member: maps each invalid request parameter name (dotted for nested fields, e.g. `business_model.estimate_currency`) to its messages. */
            errors?: {
                [key: string]: string[];
            };
            /**
             * Format: uri
             * @description Extension member: address to authenticate at (the token endpoint) before retrying.
             */
            "oauth2-token"?: string;
            /** @description Extension member: identifier of the request for traceability. Quote it when contacting support. */
            "request-id"?: string;
        };
        /**
         * UnauthorizedProblem
         * @description 401 Unauthorized: the access token is missing, invalid or expired. `detail` says the token is invalid; `oauth2-token` is the address to obtain a new token at before retrying.
         */
        UnauthorizedProblem: {
            detail: unknown;
            "oauth2-token": unknown;
            "request-id": unknown;
            /** @constant */
            title?: "Unauthorized";
            /** @constant */
            status?: 401;
            errors?: never;
        } & WithRequired<components["schemas"]["Problem"], "detail" | "oauth2-token" | "request-id">;
        /**
         * RateLimitProblem
         * @description 429 Too Many Requests: the quota of this endpoint is exhausted. Retry after the number of seconds given by `RateLimit-Reset`. The source does not state the title or the members of this problem; `Too Many Requests` is the expected title (an example, not a rule).
         */
        RateLimitProblem: {
            /** @example Too Many Requests */
            title?: unknown;
            /** @constant */
            status?: 429;
        } & components["schemas"]["Problem"];
        /**
         * ServiceUnavailableProblem
         * @description 503 Service Unavailable: the service cannot handle the request now. Carries no `detail`.
         */
        ServiceUnavailableProblem: {
            "request-id": unknown;
            /** @constant */
            title?: "Service Unavailable";
            /** @constant */
            status?: 503;
            detail?: never;
            errors?: never;
            "oauth2-token"?: never;
        } & WithRequired<components["schemas"]["Problem"], "request-id">;
        /**
         * TokenRequest
         * @description Client-credentials token request (RFC 6749 §4.4), sent as `application/x-www-form-urlencoded` with the client's `client_id:client_secret` as HTTP Basic credentials.
         */
        TokenRequest: {
            /**
             * @description The only supported grant.
             * @constant
             */
            grant_type: "client_credentials";
            /**
             * Format: uri
             * @description Base address of the API the token is for: `https://merchant.clearhaus.com` in production, `https://merchant.test.clearhaus.com` in the sandbox.
             */
            audience: string;
        };
        /**
         * OAuthToken
         * @description Access token response of OAuth 2.0 (RFC 6749 §5.1). Send the token as `Authorization: Bearer <access_token>` on every call and reuse it until `expires_in` has passed; requesting a token per call exhausts the token endpoint's rate limit. The token endpoint answers with `Token`, which adds `_links` and fixes `token_type`.
         */
        OAuthToken: {
            /** @description The bearer token. */
            access_token: string;
            /** @description `Bearer`. RFC 6749 §7.1 compares token types case-insensitively, so these RFC members alone accept any case; the token endpoint's answer (`Token`, in either media type) has exactly `Bearer`, as the source gives it. */
            token_type: string;
            /** @description Lifetime of the token in seconds. */
            expires_in: number;
            /** @description May be present as in the HAL form (`Token`). */
            _links?: {
                "ch:root"?: components["schemas"]["Link"];
            };
        };
        /**
         * Token
         * @description Access token response as the service description gives it: the RFC 6749 §5.1 members (`OAuthToken`) and `_links` with `ch:root`, the root of the API.
         */
        Token: {
            access_token: unknown;
            expires_in: unknown;
            /** @constant */
            token_type: "Bearer";
            _links: {
                /** @description Root of the API; start navigating here. */
                "ch:root": components["schemas"]["Link"];
            };
        } & WithRequired<components["schemas"]["OAuthToken"], "access_token" | "token_type" | "expires_in" | "_links">;
        /**
         * ValidationProblem
         * @description 400 Validation Error: the request has invalid parameters. `detail` says so and `errors` names each invalid parameter.
         */
        ValidationProblem: {
            detail: unknown;
            errors: unknown;
            "request-id": unknown;
            /** @constant */
            title?: "Validation Error";
            /** @constant */
            status?: 400;
            "oauth2-token"?: never;
        } & WithRequired<components["schemas"]["Problem"], "detail" | "errors" | "request-id">;
        /**
         * OAuthError
         * @description Error response of the token endpoint in the form of OAuth 2.0 (RFC 6749 §5.2), media type `application/json`.
         */
        OAuthError: {
            /** @description Error code. The codes of RFC 6749 §5.2: `invalid_request`: a parameter is missing, repeated or malformed (e.g. no `audience`). `invalid_client`: client authentication failed (unknown client, wrong secret, no Basic credentials). `invalid_grant`: the grant is invalid or expired. `unauthorized_client`: the client may not use this grant type. `unsupported_grant_type`: `grant_type` is not `client_credentials`. `invalid_scope`: the requested scope is invalid. RFC 6749 §8.5 allows further codes, so any code in its character set is accepted. */
            error: ("invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope") | string;
            /** @description Human-readable explanation. */
            error_description?: string;
            /**
             * Format: uri
             * @description Page that explains the error.
             */
            error_uri?: string;
        };
        /**
         * InvalidClientProblem
         * @description 401 Unauthorized at the token endpoint, as problem details: the client authentication (HTTP Basic `client_id:client_secret`) failed.
         */
        InvalidClientProblem: {
            /** @example Unauthorized */
            title?: unknown;
            /** @constant */
            status?: 401;
        } & components["schemas"]["Problem"];
        /**
         * ClientRegistration
         * @description Client metadata of OAuth 2.0 Dynamic Client Registration (RFC 7591). The only client type issued is `confidential`: the answer always carries a `client_secret` (required in `Client` and `ClientInformation`), which the client must keep secret.
         */
        ClientRegistration: {
            /** @description Name of the client. */
            client_name?: string;
            /** @description Grants the client will use; the only supported value is `client_credentials`. */
            grant_types?: "client_credentials"[];
            /** @description E-mail addresses of the people responsible for the client. */
            contacts?: string[];
            /** @description Extension parameter; short description of the purpose of the client. */
            description?: string;
        };
        /**
         * ClientInformation
         * @description Registered OAuth client in the form of RFC 7591 §3.2.1: the registered metadata echoed, plus the credentials to use with HTTP Basic on the token endpoint. Keep `client_secret` secret. The registration endpoint answers with `Client`, which adds `_links`.
         */
        ClientInformation: {
            readonly client_id: string;
            /** @description Issued to every client, since every client is confidential. */
            readonly client_secret: string;
            /** @description When `client_id` was issued, in seconds since 1970-01-01T00:00:00Z (RFC 7591). */
            readonly client_id_issued_at?: number;
            /** @description When `client_secret` expires, in seconds since 1970-01-01T00:00:00Z; 0 means never (RFC 7591). */
            readonly client_secret_expires_at?: number;
            _links?: components["schemas"]["HalLinks"];
        } & components["schemas"]["ClientRegistration"];
        /**
         * Client
         * @description Registered OAuth client as the service description gives it: the registration fields echoed, plus `client_id`, `client_secret` and `_links.self`. Use the credentials with HTTP Basic on the token endpoint and keep `client_secret` secret.
         */
        Client: {
            client_id: unknown;
            client_secret: unknown;
            _links: components["schemas"]["HalLinks"];
        } & WithRequired<components["schemas"]["ClientInformation"], "client_id" | "client_secret" | "_links">;
        /**
         * PaginatedCollection
         * @description Paging members of every collection. Each collection extends this with `_links` (`CollectionLinks` plus its own context links) and `_embedded`, where its items sit under the same `ch:` relation as the link that led to it. See the Pagination chapter.
         */
        PaginatedCollection: {
            /** @description Number of items in the whole collection (all pages). */
            readonly count?: number;
            /** @description Number of this page, starting at 1. */
            readonly page?: number;
            /** @description Page size in effect (default 20, maximum 50). */
            readonly per_page: number;
        };
        /**
         * CollectionLinks
         * @description `_links` of a paginated collection. `first`, `prev`, `next` and `last` are present only when they lead somewhere: `prev` is absent on the first page, `next` on the last. Follow them instead of computing page numbers.
         */
        CollectionLinks: {
            first?: components["schemas"]["Link"];
            prev?: components["schemas"]["Link"];
            next?: components["schemas"]["Link"];
            last?: components["schemas"]["Link"];
        } & components["schemas"]["HalLinks"];
        /**
         * AmountMinor
         * @description Amount in minor units of the currency (for example øre for DKK, cents for EUR).
         * @example 58704
         */
        AmountMinor: number;
        /**
         * Currency
         * @description ISO 4217 alphabetic currency code.
         * @example DKK
         */
        Currency: string;
        /**
         * Transaction
         * @description A card transaction processed for the merchant, as listed by the transactions collection.
         */
        Transaction: {
            id?: string;
            amount?: components["schemas"]["AmountMinor"];
            currency?: components["schemas"]["Currency"];
            _links: components["schemas"]["HalLinks"];
        };
        /**
         * TransactionCollection
         * @description Page of transactions; items embedded under `ch:transactions`. Cursor-paginated: follow `next` until it is absent. There is no `count`, `page`, `prev` or `last`.
         */
        TransactionCollection: {
            count?: never;
            page?: never;
            _links: {
                first: unknown;
                prev?: never;
                last?: never;
            } & WithRequired<components["schemas"]["CollectionLinks"], "first">;
            _embedded?: {
                "ch:transactions"?: components["schemas"]["Transaction"][];
            };
        } & components["schemas"]["PaginatedCollection"];
        /**
         * ApplicationSigner
         * @description The person who will sign the merchant contract.
         */
        ApplicationSigner: {
            /** @description Full name of the signer. */
            name?: string;
            /**
             * Format: email
             * @description E-mail address of the signer. Required when `name` is set.
             */
            email?: string;
        };
        /**
         * Decimal
         * @description Decimal amount in major units, decimal(19,4): at most 15 digits before the decimal point (`exclusiveMaximum`). **Rule:** at most 4 digits after it (`x-decimal` gives precision and scale; a `multipleOf` check is unreliable on binary floating-point numbers).
         * @example 300000
         */
        Decimal: number;
        /**
         * CountryCode
         * @description ISO 3166-1 alpha-2 country code.
         * @example DK
         */
        CountryCode: string;
        /**
         * ApplicationBusinessModel
         * @description How the merchant does business. Every property is commentable.
         */
        ApplicationBusinessModel: {
            /** @description Name the merchant trades under. */
            trading_name?: string;
            /** @description What the merchant sells. */
            description?: string;
            /** @description Whether the merchant charges recurring payments (subscriptions). */
            recurring?: boolean;
            /** @description Whether goods are delivered physically. */
            physical_delivery?: boolean;
            /**
             * @description Time from payment to delivery. Required when `physical_delivery` is true.
             * @enum {string}
             */
            delivery_delay?: "less5days" | "5to10days" | "10to20days" | "more20days";
            /** @description Whether goods are shipped directly by a third party. */
            drop_shipping?: boolean;
            /** @description Currency (ISO 4217) of the two estimates below. */
            estimate_currency?: components["schemas"]["Currency"];
            /** @description Expected card turnover per month, decimal(19,4) in `estimate_currency`. */
            estimated_monthly_turnover?: components["schemas"]["Decimal"];
            /** @description Expected average transaction amount, decimal(19,4) in `estimate_currency`. */
            estimated_average_transaction_amount?: components["schemas"]["Decimal"];
            /** @description Country (ISO 3166-1 alpha-2) where the business is active. */
            business_activity_country_1?: components["schemas"]["CountryCode"];
            /** @description Second country where the business is active. */
            business_activity_country_2?: components["schemas"]["CountryCode"];
            /** @description Third country where the business is active. */
            business_activity_country_3?: components["schemas"]["CountryCode"];
        };
        /**
         * AdditionalInformation
         * @description Free text the merchant adds to the application. Commentable.
         */
        AdditionalInformation: string;
        /**
         * ApplicationProperties
         * @description Writable, commentable properties of an application.
         */
        ApplicationProperties: {
            signer?: components["schemas"]["ApplicationSigner"];
            business_model?: components["schemas"]["ApplicationBusinessModel"];
            additional_information?: components["schemas"]["AdditionalInformation"];
        };
        /**
         * ApplicationMetadata
         * @description Read-only, not commentable.
         */
        ApplicationMetadata: {
            /**
             * @description Stage of the application, filterable with the APQL `query`. Known values: `unsubmitted` (after creation), `submitted`, `under_review`, `accepted`, `declined`. After acceptance a contract is signed and the account goes live; follow `ch:contracts` and `ch:accounts` for those stages.
             * @example unsubmitted
             */
            state?: string;
            /**
             * Format: date-time
             * @description Creation time, ISO 8601 in UTC (`Z` or `+00:00`).
             */
            created_at?: string;
            /** @description Why the application was declined. Present only in some states. */
            declined_reason?: string;
        };
        /**
         * NamedLink
         * @description Member of a relation that holds an array of links (`ch:data`, `ch:stamps`). Pick the entry by `name`, never by position.
         */
        NamedLink: {
            name: unknown;
        } & WithRequired<components["schemas"]["Link"], "name">;
        /**
         * StampLinks
         * @description `ch:stamps`: one named link per stamp that can be added (or removed) in the resource's current state; `name` is the stamp name. `PUT` the href to add the stamp, `DELETE` it to remove a removable stamp. The relation is absent when no stamp applies. See the Stamps chapter.
         */
        StampLinks: components["schemas"]["NamedLink"][];
        /**
         * Application
         * @description A merchant's application for an acquiring agreement. `signer.*`, `business_model.*` and `additional_information` are commentable (`x-commentable`); `metadata` is read-only. An application requires the selection of a gateway (see `ch:gateways`). The relations `ch:contract` and `ch:account` were removed on 2020-08-25 (replaced by `ch:contracts` and `ch:accounts`) and are refused in an answer.
         */
        Application: {
            metadata?: components["schemas"]["ApplicationMetadata"];
            _links: components["schemas"]["HalLinks"] & {
                /** @description Contact person of the application (not described here). */
                "ch:contact": components["schemas"]["Link"];
                /** @description The applying company (not described here); its people are the directors and owners. */
                "ch:company": components["schemas"]["Link"];
                /** @description Comments on the application, including field comments. */
                "ch:comments": components["schemas"]["CollectionLink"];
                /** @description Bank account for payouts (not described here). */
                "ch:bank-account": components["schemas"]["Link"];
                /** @description Websites of the merchant (not described here). */
                "ch:websites": components["schemas"]["CollectionLink"];
                /** @description Files attached to the application itself. */
                "ch:files": components["schemas"]["CollectionLink"];
                /** @description Collaborators invited to the application (not described here). */
                "ch:collaborators": components["schemas"]["CollectionLink"];
                /** @description Selected and selectable gateways. */
                "ch:gateways": components["schemas"]["CollectionLink"];
                /** @description Composite summary record (not described here). */
                "ch:record": components["schemas"]["Link"];
                /** @description Directors and owners, template `{?page,per_page}`. */
                "ch:people"?: components["schemas"]["CollectionLink"];
                /** @description Present once a contract exists. */
                "ch:contracts"?: components["schemas"]["CollectionLink"];
                /** @description Present once a merchant account exists. */
                "ch:accounts"?: components["schemas"]["Link"];
                /** @description Present depending on `metadata.state`. Known names: `submitted`, `archived` (`ApplicationStampName`); the list is not published in full. */
                "ch:stamps"?: components["schemas"]["StampLinks"];
            };
        } & components["schemas"]["ApplicationProperties"];
        /**
         * ApplicationCollection
         * @description Page of applications; items embedded under `ch:applications`.
         */
        ApplicationCollection: {
            count: unknown;
            page: unknown;
            _links: components["schemas"]["CollectionLinks"];
            _embedded?: {
                "ch:applications"?: components["schemas"]["Application"][];
            };
        } & WithRequired<components["schemas"]["PaginatedCollection"], "count" | "page">;
        /**
         * ApplicationCreate
         * @description New application. The service also accepts a full "Application JSON" document (application, contact, company, people, websites and bank account in one body, files excluded), which is not described here. Contact, company and bank account sub-resources are created together with the application.
         */
        ApplicationCreate: {
            signer?: components["schemas"]["ApplicationSigner"] & unknown;
            business_model: components["schemas"]["ApplicationBusinessModel"] & {
                trading_name: unknown;
                description: unknown;
                recurring: unknown;
                physical_delivery: unknown;
                estimate_currency: unknown;
                estimated_monthly_turnover: unknown;
                estimated_average_transaction_amount: unknown;
            };
            additional_information?: components["schemas"]["AdditionalInformation"];
        };
        /**
         * NotFoundProblem
         * @description 404 Not Found: no resource at this address, or not visible to this client.
         */
        NotFoundProblem: {
            /** @example Not Found */
            title?: unknown;
            /** @constant */
            status?: 404;
        } & components["schemas"]["Problem"];
        /**
         * ApplicationUpdate
         * @description Changes to an application: send only the properties to change; nested objects are merged property by property. **Rule:** the merged application must still satisfy the create rules (`signer.email` when `signer.name` is set, `business_model.delivery_delay` when `business_model.physical_delivery` is true): `x-merged-must-satisfy` names the schema.
         */
        ApplicationUpdate: components["schemas"]["ApplicationProperties"];
        /**
         * ApplicationStampName
         * @description Name of an application stamp. Known names: `submitted` (hand the application in for review; allowed only when the application holds all necessary data) and `archived` (set the application aside). The complete list is not published: any other name a `ch:stamps` link offers is valid too.
         * @example submitted
         */
        ApplicationStampName: ("submitted" | "archived") | string;
        /**
         * ConflictProblem
         * @description 409 Conflict: the action is not allowed in the resource's current state (a stamp that cannot be added or removed now, a gateway that is not selectable). When the resource lacks data the action needs (for example submitting an incomplete application), `errors` names each missing or invalid property.
         */
        ConflictProblem: {
            /** @example Conflict */
            title?: unknown;
            /** @constant */
            status?: 409;
        } & components["schemas"]["Problem"];
        /**
         * Gateway
         * @description A gateway (Payment Service Provider) that can process payments for the merchant.
         */
        Gateway: {
            /** @description Identifier of the gateway. Not commentable. */
            readonly id?: string;
            /** @description Name of the gateway. Commentable. */
            name?: string;
            _links: components["schemas"]["HalLinks"] & {
                /** @description Present when the gateway is selectable for the application: `PUT` it to select the gateway. */
                "ch:selection"?: components["schemas"]["Link"];
                /** @description Present when the gateway is selected. */
                "ch:comments"?: components["schemas"]["CollectionLink"];
            };
        };
        /**
         * GatewayCollection
         * @description Gateways of an application: `ch:gateways` holds the selected ones, `selectable` those that can be selected (each with a `ch:selection` link).
         */
        GatewayCollection: {
            count: unknown;
            page: unknown;
            _links: components["schemas"]["CollectionLinks"] & {
                "ch:application": components["schemas"]["Link"];
            };
            _embedded?: {
                /** @description Gateways selected for the application; each carries `ch:comments`. */
                "ch:gateways"?: (components["schemas"]["Gateway"] & {
                    _links?: {
                        "ch:comments": unknown;
                    };
                })[];
                /** @description Gateways that can be selected; each carries `ch:selection`. */
                selectable?: (components["schemas"]["Gateway"] & {
                    _links?: {
                        "ch:selection": unknown;
                    };
                })[];
            };
        } & WithRequired<components["schemas"]["PaginatedCollection"], "count" | "page">;
        /**
         * PersonProperties
         * @description Properties of a person. All are commentable except `role_director` and `role_owner`.
         */
        PersonProperties: {
            /** @description Full name. */
            name?: string;
            /** @description National identity or social security number; lower-case letters, digits, hyphens and spaces. */
            social_security_number?: string;
            /**
             * Format: date
             * @description Date of birth, `YYYY-MM-DD`.
             */
            date_of_birth?: string;
            address_line_1?: string;
            address_line_2?: string;
            zipcode?: string;
            city?: string;
            /** @description Country of residence (ISO 3166-1 alpha-2). */
            country?: components["schemas"]["CountryCode"];
            /** @description The person is a director of the company. Not commentable. */
            role_director?: boolean;
            /** @description The person is an owner of the company. Not commentable. */
            role_owner?: boolean;
        };
        /**
         * Person
         * @description A director or owner of the applying company (`role_director`, `role_owner`). Identity documents are files attached through `ch:files`.
         */
        Person: {
            _links: components["schemas"]["HalLinks"] & {
                /** @description The company the person belongs to. */
                "ch:company"?: components["schemas"]["Link"];
                /** @description The application the person belongs to. */
                "ch:application"?: components["schemas"]["Link"];
                /** @description Comments on the person, including field comments. */
                "ch:comments"?: components["schemas"]["CollectionLink"];
                /** @description Identity documents of the person. */
                "ch:files"?: components["schemas"]["CollectionLink"];
            };
        } & components["schemas"]["PersonProperties"];
        /**
         * PersonCollection
         * @description Page of people (directors and owners); items embedded under `ch:people`.
         */
        PersonCollection: {
            count: unknown;
            page: unknown;
            _links: components["schemas"]["CollectionLinks"] & {
                /** @description The company the people belong to. */
                "ch:company"?: components["schemas"]["Link"];
            };
            _embedded?: {
                "ch:people"?: components["schemas"]["Person"][];
            };
        } & WithRequired<components["schemas"]["PaginatedCollection"], "count" | "page">;
        /**
         * PersonCreate
         * @description New director or owner. **Rule:** during the application process every person needs at least two files, one with a picture (`picture_legitimation`) and one with the address (`address_legitimation`), attached through the person's `ch:files` link (`x-required-file-labels`).
         */
        PersonCreate: {
            name: unknown;
            social_security_number: unknown;
            date_of_birth: unknown;
            address_line_1: unknown;
            zipcode: unknown;
            city: unknown;
            country: unknown;
        } & WithRequired<components["schemas"]["PersonProperties"], "name" | "social_security_number" | "date_of_birth" | "address_line_1" | "zipcode" | "city" | "country">;
        /**
         * FileProperties
         * @description Metadata of a file.
         */
        FileProperties: {
            /** @description Purpose of the file, for example `picture_legitimation` or `address_legitimation` for a person's identity documents, `bank_statement`, or `ownership` for a website file. Cannot be changed after creation. */
            label?: string;
            /** @description File name. Defaults to the label. */
            name?: string;
            /** @description Media type of the content, for example `application/pdf` or `text/csv; charset=utf-8`: a media type may carry parameters (RFC 9110 section 8.3.1). **Rule:** the upload must be sent with exactly this `Content-Type`. */
            content_type?: string;
            /** @description Size of the content in bytes. */
            size?: number;
        };
        /**
         * FileDataLink
         * @description Member of `ch:data`. `upload`: pre-signed, time-limited address on the external storage host; `PUT` the raw bytes there with the file's `Content-Type` and no `Authorization` header. `download`: address on the service ending in `/content`; `GET` it with the bearer token to read the bytes.
         */
        FileDataLink: components["schemas"]["NamedLink"] & {
            /** @enum {unknown} */
            name?: "upload" | "download";
        } & unknown;
        /**
         * File
         * @description A file attached to a person, an application, a dispute (or a company or website). The metadata lives on the service; the bytes are uploaded to and downloaded from the `ch:data` links. See the Files flow chapter. `label`, `name` and `content_type` are always present: the service description gives a file's response as the fields of its creation plus `_links` (`name` is the label if none was sent); `size`, optional at creation, may be absent.
         */
        File: {
            label: unknown;
            name: unknown;
            content_type: unknown;
            _links: components["schemas"]["HalLinks"] & {
                /** @description Upload and download links, told apart by `name`. */
                "ch:data": components["schemas"]["FileDataLink"][];
                /** @description Owning person, for a person's file. */
                "ch:person"?: components["schemas"]["Link"];
                /** @description Owning application, for an application's file. */
                "ch:application"?: components["schemas"]["Link"];
                /** @description Owning dispute, for a dispute's file. */
                "ch:dispute"?: components["schemas"]["Link"];
                /** @description Owning company, for a company's file. */
                "ch:company"?: components["schemas"]["Link"];
                /** @description Owning website, for a website's file. */
                "ch:website"?: components["schemas"]["Link"];
                /** @description Comments on the file, where the owner allows them. */
                "ch:comments"?: components["schemas"]["CollectionLink"];
            } & ({
                "ch:person": unknown;
            } | {
                "ch:application": unknown;
            } | {
                "ch:dispute": unknown;
            } | {
                "ch:company": unknown;
            } | {
                "ch:website": unknown;
            });
        } & WithRequired<components["schemas"]["FileProperties"], "label" | "name" | "content_type">;
        /**
         * FileCollection
         * @description Page of files of one owner; items embedded under `ch:files`, with one link to the owner.
         */
        FileCollection: {
            count: unknown;
            page: unknown;
            _links: components["schemas"]["CollectionLinks"] & {
                "ch:person"?: components["schemas"]["Link"];
                "ch:application"?: components["schemas"]["Link"];
                "ch:dispute"?: components["schemas"]["Link"];
                "ch:company"?: components["schemas"]["Link"];
                "ch:website"?: components["schemas"]["Link"];
            };
            _embedded?: {
                "ch:files"?: components["schemas"]["File"][];
            };
        } & WithRequired<components["schemas"]["PaginatedCollection"], "count" | "page">;
        /**
         * FileCreate
         * @description Metadata of a new file. **Rule:** a website file must have the label `ownership` (`x-label-by-owner` of `label`).
         */
        FileCreate: {
            label: unknown;
            content_type: unknown;
        } & WithRequired<components["schemas"]["FileProperties"], "label" | "content_type">;
        /**
         * ApplicationFile
         * @description A file of a application: a file whose links include `ch:application`, the link to its owner. The owner's link, as the source gives `ch:person` for a person's file.
         */
        ApplicationFile: {
            _links: {
                "ch:application": components["schemas"]["Link"];
            };
        } & WithRequired<components["schemas"]["File"], "_links">;
        /**
         * Contract
         * @description A merchant contract of an application. Advance it with stamps; some contract stamps take an optional `note`.
         */
        Contract: {
            /** @enum {string} */
            state?: "needs_signature" | "signed" | "declined" | "cancelled";
            /** @description Merchant identifier the contract covers (a filter of the contracts query). */
            merchant_id?: string;
            /**
             * Format: date
             * @description Date the contract takes effect (ISO 8601).
             */
            effective_on?: string;
            _links: components["schemas"]["HalLinks"] & {
                "ch:application"?: components["schemas"]["Link"];
                /** @description Present depending on `state`. */
                "ch:stamps"?: components["schemas"]["StampLinks"];
            };
        };
        /**
         * ContractCollection
         * @description Page of an application's contracts; items embedded under `ch:contracts`. This collection has no `last` link.
         */
        ContractCollection: {
            count: unknown;
            page: unknown;
            _links: components["schemas"]["CollectionLinks"] & {
                last?: never;
            };
            _embedded?: {
                "ch:contracts"?: components["schemas"]["Contract"][];
            };
        } & WithRequired<components["schemas"]["PaginatedCollection"], "count" | "page">;
        /**
         * PersonUpdate
         * @description Changes to a person; send only the properties to change.
         */
        PersonUpdate: components["schemas"]["PersonProperties"];
        /**
         * PersonFile
         * @description A file of a person: a file whose links include `ch:person`, the link to its owner. The source: "a link to the owning resource (for a person's file: `ch:person`)".
         */
        PersonFile: {
            _links: {
                "ch:person": components["schemas"]["Link"];
            };
        } & WithRequired<components["schemas"]["File"], "_links">;
        /**
         * Dispute
         * @description A dispute (retrieval request or chargeback) raised against a transaction. Read-only; act on it with stamps, files and comments. No property is commentable; comments are free discussion.
         */
        Dispute: {
            id?: string;
            /** @description Reference of the dispute at the card scheme. */
            reference?: string;
            /** @description Disputed amount in minor units of `currency`. */
            amount?: components["schemas"]["AmountMinor"];
            currency?: components["schemas"]["Currency"];
            /** @description Whether only part of the transaction amount is disputed. */
            partial?: boolean;
            /**
             * Format: date
             * @description Date the dispute was opened (ISO 8601).
             */
            opened_at?: string;
            /**
             * Format: date
             * @description Date by which the merchant must respond (ISO 8601).
             */
            due_at?: string;
            /**
             * Format: date
             * @description Date the dispute expires (ISO 8601).
             */
            expires_at?: string;
            /**
             * @description Status of the dispute; decides which stamps are offered.
             * @enum {string}
             */
            status?: "open" | "refuted" | "under_review" | "won" | "lost";
            /** @description Card scheme reason code. */
            reason_code?: string;
            /** @enum {string} */
            reason?: "fraud" | "unrecognised" | "product_not_provided" | "credit_not_processed" | "duplicate" | "subscription_cancelled" | "incorrect_amount_or_currency" | "general" | "product_unacceptable";
            /** @enum {string} */
            type?: "retrieval_request" | "1st_chargeback" | "2nd_chargeback";
            _links: components["schemas"]["HalLinks"] & {
                /** @description The disputed transaction. */
                "ch:transaction": components["schemas"]["Link"];
                /** @description The merchant account (not described here). */
                "ch:account": components["schemas"]["Link"];
                /** @description Evidence files, template `{?page,per_page}`. */
                "ch:files": components["schemas"]["CollectionLink"];
                /** @description Comments, template `{?page,per_page}`. */
                "ch:comments": components["schemas"]["CollectionLink"];
                /** @description Present depending on `status`. Known names `refuted` and `accepted` (`DisputeStampName`), neither removable; the list is not published in full. */
                "ch:stamps"?: components["schemas"]["StampLinks"];
            };
        };
        /**
         * DisputeCollection
         * @description Page of disputes; items embedded under `ch:disputes`.
         */
        DisputeCollection: {
            count: unknown;
            page: unknown;
            _links: components["schemas"]["CollectionLinks"];
            _embedded?: {
                "ch:disputes"?: components["schemas"]["Dispute"][];
            };
        } & WithRequired<components["schemas"]["PaginatedCollection"], "count" | "page">;
        /**
         * DisputeStampName
         * @description Name of a dispute stamp. Known names: `refuted` (mark the dispute as refuted; attach the evidence files first) and `accepted` (mark the dispute as accepted); neither can be removed. The complete list is not published: any other name a `ch:stamps` link offers is valid too.
         * @example refuted
         */
        DisputeStampName: ("refuted" | "accepted") | string;
        /**
         * DisputeFileCreate
         * @description Metadata of a dispute evidence file. Advice: keep each file at most 10 MB (`x-recommended-maximum` of `size`), since card schemes may not process larger files correctly; the service description does not say that larger files are refused.
         */
        DisputeFileCreate: components["schemas"]["FileCreate"] & {
            /** @description Size of the content in bytes. Advice: at most 10 MB (`x-recommended-maximum`); larger files may not be processed correctly by card schemes. */
            size?: unknown;
        };
        /**
         * DisputeFile
         * @description A file of a dispute: a file whose links include `ch:dispute`, the link to its owner. The owner's link, as the source gives `ch:person` for a person's file.
         */
        DisputeFile: {
            _links: {
                "ch:dispute": components["schemas"]["Link"];
            };
        } & WithRequired<components["schemas"]["File"], "_links">;
        /**
         * StampName
         * @description Name of a stamp, as in the `name` of a `ch:stamps` link and the last segment of its `href`. The complete lists of stamps per resource are not published, so any name a link offers is accepted; the per-resource schemas list the names known so far.
         * @example submitted
         */
        StampName: string;
        /**
         * ContractStampRequest
         * @description Optional body of a contract stamp. Send it only with stamps that accept a note; omit the body otherwise.
         */
        ContractStampRequest: {
            /** @description Note stored with the stamp, for example why a contract is declined. */
            note?: string;
        };
        /**
         * FileUpdate
         * @description Changes to a file's metadata (`name`, `content_type`, `size`); send only what changes. `label` cannot be changed.
         */
        FileUpdate: components["schemas"]["FileProperties"] & {
            label?: never;
        };
        /**
         * CommentContextLinks
         * @description Link back to the commented resource: exactly one of these relations is present, the one matching the resource the comments belong to (`oneOf`).
         */
        CommentContextLinks: {
            "ch:application"?: components["schemas"]["Link"];
            /** @description Spelled with an underscore here, unlike the application's `ch:bank-account`. */
            "ch:bank_account"?: components["schemas"]["Link"];
            "ch:company"?: components["schemas"]["Link"];
            "ch:contact"?: components["schemas"]["Link"];
            "ch:dispute"?: components["schemas"]["Link"];
            "ch:file"?: components["schemas"]["Link"];
            "ch:gateway"?: components["schemas"]["Link"];
            "ch:person"?: components["schemas"]["Link"];
            "ch:website"?: components["schemas"]["Link"];
        } & ({
            "ch:application": unknown;
        } | {
            "ch:bank_account": unknown;
        } | {
            "ch:company": unknown;
        } | {
            "ch:contact": unknown;
        } | {
            "ch:dispute": unknown;
        } | {
            "ch:file": unknown;
        } | {
            "ch:gateway": unknown;
        } | {
            "ch:person": unknown;
        } | {
            "ch:website": unknown;
        });
        /**
         * Comment
         * @description A comment on a resource or on one of its properties. Comments cannot be edited or deleted.
         */
        Comment: {
            readonly id?: string;
            /** @description Text of the comment. */
            body?: string;
            /**
             * Format: date-time
             * @description Time of creation, ISO 8601.
             */
            readonly created_at?: string;
            /** @description Tags of the comment; `ch-field:<property_name>` marks a field comment. */
            tags?: string[];
            _embedded?: {
                /** @description Who wrote the comment (a plain object, not a resource). */
                author?: {
                    name?: string;
                    /** Format: email */
                    email?: string;
                };
            };
            _links: components["schemas"]["HalLinks"] & components["schemas"]["CommentContextLinks"];
        };
        /**
         * CommentCollection
         * @description Page of comments on one resource; items embedded under `ch:comments`.
         */
        CommentCollection: {
            count: unknown;
            page: unknown;
            _links: components["schemas"]["CollectionLinks"] & components["schemas"]["CommentContextLinks"];
            _embedded?: {
                "ch:comments"?: components["schemas"]["Comment"][];
            };
        } & WithRequired<components["schemas"]["PaginatedCollection"], "count" | "page">;
        /**
         * CommentCreate
         * @description New comment. Without `tags` the comment is about the resource as a whole. With `tags` it is a field comment on one property.
         */
        CommentCreate: {
            /** @description Text of the comment. */
            body: string;
            /** @description Field-comment tag `ch-field:<property_name>`, using the dotted property name for nested properties (`ch-field:business_model.trading_name`). Optional; when given, exactly one tag. **Rule:** the property must exist on the commented resource and be commentable (`x-commentable: true` in its schema; `x-names-commentable-property`), or the comment is rejected. */
            tags?: string[];
        };
    };
    responses: {
        /** @description Unauthorized: the bearer token is missing, invalid or expired. Obtain a new token at `oauth2-token` and retry. */
        Unauthorized: {
            headers: {
                "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["UnauthorizedProblem"];
            };
        };
        /** @description Too Many Requests: the anti-abuse quota of this endpoint is exhausted. Retry after `RateLimit-Reset` seconds. */
        TooManyRequests: {
            headers: {
                /**
                 * @description Seconds to wait (or the date after which to retry) before the next request. May be absent: `RateLimit-Reset` then says when the quota is restored.
                 * @example 42
                 */
                "Retry-After"?: string;
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["RateLimitProblem"];
            };
        };
        /** @description Internal Server Error: the service failed to handle the request. Retry later; a request that creates a resource may have taken effect, so check before repeating it. */
        InternalServerError: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Service Unavailable; carries no `detail`. Retry later. */
        ServiceUnavailable: {
            headers: {
                /** @description As on every other response (see Rate limiting); a 503 may come without it. */
                "RateLimit-Limit"?: components["schemas"]["RateLimitValue"];
                /** @description As on every other response (see Rate limiting); a 503 may come without it. */
                "RateLimit-Remaining"?: components["schemas"]["RateLimitValue"];
                /** @description As on every other response (see Rate limiting); a 503 may come without it. */
                "RateLimit-Reset"?: components["schemas"]["RateLimitValue"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ServiceUnavailableProblem"];
            };
        };
        /** @description No content; `Allow` lists the methods the link permits for this client in the resource's current state. */
        Options: {
            headers: {
                Allow: components["headers"]["Allow"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The token request is invalid: a missing or malformed parameter (no `audience`), a grant other than `client_credentials`, or a grant the client may not use. Documented in two forms: problem details with `errors`, as the service description gives every error, and the OAuth 2.0 error body (RFC 6749 §5.2) that public client code of the service reads. */
        OAuthBadRequest: {
            headers: {
                /** @description Token responses must not be cached (RFC 6749 §5.1). */
                "Cache-Control"?: "no-store";
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ValidationProblem"];
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description Client authentication failed at the token endpoint (unknown client, wrong secret, or no HTTP Basic credentials). Documented in two forms: problem details, as the service description gives every error, and the OAuth 2.0 `invalid_client` body (RFC 6749 §5.2) that public client code of the service reads. */
        OAuthInvalidClient: {
            headers: {
                /**
                 * @description Basic challenge for the client credentials, which RFC 6749 §5.2 requires when the client authenticated with HTTP Basic. Not required here: the problem-details form may come without it.
                 * @example Basic realm="oauth"
                 */
                "WWW-Authenticate"?: string;
                /** @description Token responses must not be cached (RFC 6749 §5.1). */
                "Cache-Control"?: "no-store";
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["InvalidClientProblem"];
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description Validation Error: the request has invalid parameters (body fields, `per_page`, a malformed `query`). `errors` maps each invalid parameter to its messages. */
        BadRequest: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ValidationProblem"];
            };
        };
        /** @description Application created. Answered with 201 Created or, equally, 200 OK; both carry the new resource. */
        ApplicationCreated: {
            headers: {
                Location: components["headers"]["Location"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/hal+json": components["schemas"]["Application"] & components["schemas"]["TopLevelHal"];
            };
        };
        /** @description Not Found: no resource at this address, or not visible to this client. */
        NotFound: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["NotFoundProblem"];
            };
        };
        /** @description Done; no content. */
        NoContent: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Conflict: the action is not allowed in the resource's current state. A stamp is offered in `ch:stamps` only when it applies and a gateway carries `ch:selection` only while it is selectable, so this answers stale links and races. */
        Conflict: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ConflictProblem"];
            };
        };
        /** @description Person created. Answered with 201 Created or, equally, 200 OK; both carry the new resource. */
        PersonCreated: {
            headers: {
                Location: components["headers"]["Location"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/hal+json": components["schemas"]["Person"] & components["schemas"]["TopLevelHal"];
            };
        };
        /** @description File created; upload its content next. Answered with 201 Created or, equally, 200 OK; both carry the new resource. */
        ApplicationFileCreated: {
            headers: {
                Location: components["headers"]["Location"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/hal+json": components["schemas"]["ApplicationFile"] & components["schemas"]["TopLevelHal"];
            };
        };
        /** @description File created; upload its content next. Answered with 201 Created or, equally, 200 OK; both carry the new resource. */
        PersonFileCreated: {
            headers: {
                Location: components["headers"]["Location"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/hal+json": components["schemas"]["PersonFile"] & components["schemas"]["TopLevelHal"];
            };
        };
        /** @description File created; upload its content next. Answered with 201 Created or, equally, 200 OK; both carry the new resource. */
        DisputeFileCreated: {
            headers: {
                Location: components["headers"]["Location"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/hal+json": components["schemas"]["DisputeFile"] & components["schemas"]["TopLevelHal"];
            };
        };
        /** @description Comment created. Answered with 201 Created or, equally, 200 OK; both carry the new resource. */
        CommentCreated: {
            headers: {
                Location: components["headers"]["Location"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/hal+json": components["schemas"]["Comment"] & components["schemas"]["TopLevelHal"];
            };
        };
    };
    parameters: {
        /**
         * @description Transaction Query Language (TQL) filter; modifiers combine with spaces, and some take several comma-separated values. Transaction type: `is:capture`, `is:capture,refund`. Status: `status:approved`, `status:declined`, `status:40413,40414`. Amount, in the currency's major units (`100.50` is 100.50 EUR): `amount:20..80`, `amount:100.50`, `amount:<=20`, `amount:*..20`, `max:200` (at most), `min:100.50` (at least). `currency:DKK`, `currency:NOK,SEK,EUR`, `date:yesterday`, `country:DK,SE`, `mid:000000003000001` (merchant id). Unknown modifiers or bad input give 400.
         * @example is:capture currency:DKK date:yesterday
         */
        TransactionQuery: string;
        /**
         * @description Items per page, 1 to 50; 20 when omitted. Set it by expanding the collection's templated link, never by editing a URL.
         * @example 50
         */
        PerPage: number;
        /**
         * @description Opaque cursor carried by the `next` link. Not part of the `ch:transactions` template: follow the `next` link as given (`x-from-link`); never build or change it.
         * @example eyJpZCI6IjkzNjJhNGU0In0
         */
        TransactionCursor: string;
        /**
         * @description Application Query Language (APQL) filter, for example `state:submitted`. A malformed query gives 400.
         * @example state:submitted
         */
        ApplicationQuery: string;
        /**
         * @description Page number, starting at 1. Prefer following the `first`, `prev`, `next` and `last` links.
         * @example 2
         */
        Page: number;
        /**
         * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
         * @example 19be420f-491b-407c-8505-a506326f935d
         */
        ApplicationId: string;
        /**
         * @description Name of the stamp, as in the `name` of the application's `ch:stamps` link.
         * @example submitted
         */
        ApplicationStampName: components["schemas"]["ApplicationStampName"];
        /**
         * @description Gateway identifier, the gateway's `id`. Paths are shapes; take the address from the link relation.
         * @example 8b7e5a0c-2f4d-4c6e-b1a9-5d3e7f9a1c24
         */
        GatewayId: string;
        /**
         * @description Contract filter with the modifiers `state:` (`needs_signature`, `signed`, `declined`, `cancelled`), `merchant_id:` and `effective_on:` (ISO 8601 date). A malformed query gives 400.
         * @example state:needs_signature
         */
        ContractQuery: string;
        /**
         * @description Person identifier, from the person's `self` link. Paths are shapes; take the address from the link relation.
         * @example 3c1f0a6e-8d2b-4f57-9a41-7e0d2c5b9f13
         */
        PersonId: string;
        /**
         * @description Dispute Query Language (DQL) filter: modifiers `status:` (`open`, `refuted`, `under_review`, `won`, `lost`), `reason:`, `reason_code:`, `due:`/`due_at:`, `opened:`/`opened_at:`; for example `status:open due:today reason:fraud`. A malformed query gives 400.
         * @example status:open due:today reason:fraud
         */
        DisputeQuery: string;
        /**
         * @description Dispute identifier, the dispute's `id`. Paths are shapes; take the address from the link relation.
         * @example c6d9153b-32cb-472a-9dc9-553e9c79ea22
         */
        DisputeId: string;
        /**
         * @description Name of the stamp, as in the `name` of the dispute's `ch:stamps` link.
         * @example refuted
         */
        DisputeStampName: components["schemas"]["DisputeStampName"];
        /**
         * @description Contract identifier, from the contract's `self` link. Paths are shapes; take the address from the link relation.
         * @example 5e2d8c41-9b7a-4f3e-a6d0-1c8b2e4f7a95
         */
        ContractId: string;
        /**
         * @description Name of the stamp, as in the `name` of the contract's `ch:stamps` link. No contract stamp names are published; use the names the links offer.
         * @example signed
         */
        ContractStampName: components["schemas"]["StampName"];
        /**
         * @description File identifier, from the file's `self` link. Paths are shapes; take the address from the link relation.
         * @example a41f6c2e-7d3b-4e85-9f10-2b6c8d4e0f37
         */
        FileId: string;
        /**
         * @description Opaque path of the pre-signed upload address; it may contain `/`. **Rule:** use the `href` of the file's `ch:data` link named `upload` (`x-from-link`) verbatim, host and signature query parameters included, before it expires.
         * @example a41f6c2e-7d3b-4e85-9f10-2b6c8d4e0f37
         */
        UploadPath: string;
        /**
         * @description Collection segment of the commented resource. Comment collections live under the commented resource (`…/<collection>/<id>/comments{?page,per_page}`); reach them through its `ch:comments` link.
         * @example applications
         */
        CommentContext: "applications" | "contacts" | "companies" | "bank_accounts" | "people" | "websites" | "files" | "disputes" | "gateways";
        /**
         * @description Identifier of the commented resource.
         * @example 19be420f-491b-407c-8505-a506326f935d
         */
        CommentContextId: string;
        /**
         * @description Comment identifier, the comment's `id`. Paths are shapes; take the address from the link relation.
         * @example e7c3b9d1-5a2f-4c8e-b0d6-9f1a3e5c7b28
         */
        CommentId: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Request quota of this endpoint in the current window.
         * @example 100
         */
        RateLimitLimit: components["schemas"]["RateLimitValue"];
        /**
         * @description Requests left in the current window. At 0 the next request gets 429.
         * @example 97
         */
        RateLimitRemaining: components["schemas"]["RateLimitValue"];
        /**
         * @description When usage resets: seconds until the quota is restored. After a 429, wait this long before retrying.
         * @example 42
         */
        RateLimitReset: components["schemas"]["RateLimitValue"];
        /**
         * @description Bearer challenge (RFC 6750 §3), for example `Bearer error="invalid_token"`.
         * @example Bearer error="invalid_token"
         */
        WWWAuthenticate: string;
        /**
         * @description Methods the link permits for this client in the resource's current state (RFC 9110 §10.2.1), for example `GET, PATCH, OPTIONS`.
         * @example GET, PATCH, OPTIONS
         */
        Allow: string;
        /**
         * @description Address of the created resource; the same as its `_links.self.href`.
         * @example https://merchant.test.clearhaus.com/applications/19be420f-491b-407c-8505-a506326f935d
         */
        Location: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getRoot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The root resource. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["Root"] & components["schemas"]["TopLevelHal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsRoot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description Token issued, as `application/hal+json` with `_links` (the service description's form). `application/json`, the media type of RFC 6749 §5.1, is accepted as tolerance for other implementations of this API, not as something the service is known to send: such an answer must still carry what the source requires (`_links` with `ch:root`, `token_type` `Bearer`). */
            200: {
                headers: {
                    /** @description Token responses must not be cached (RFC 6749 §5.1). */
                    "Cache-Control"?: "no-store";
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["Token"];
                    "application/json": components["schemas"]["Token"];
                };
            };
            400: components["responses"]["OAuthBadRequest"];
            401: components["responses"]["OAuthInvalidClient"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["OAuthInvalidClient"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    registerClient: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClientRegistration"];
            };
        };
        responses: {
            /** @description Client registered, as `application/hal+json` with `_links` (the service description's form). `application/json`, the media type of RFC 7591 §3.2.1, is accepted as tolerance for other implementations of this API, not as something the service is known to send: such an answer must still carry what the source requires (`client_id`, `client_secret`, `_links.self`); the RFC's `client_id_issued_at` and `client_secret_expires_at` may come with it. Unlike the other HAL answers, `_links.curies` is not required here: the source lists the answer's members (the request fields, `client_id`, `client_secret` and `_links.self`) and curies is not among them. */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["Client"];
                    "application/json": components["schemas"]["Client"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listTransactions: {
        parameters: {
            query?: {
                /**
                 * @description Transaction Query Language (TQL) filter; modifiers combine with spaces, and some take several comma-separated values. Transaction type: `is:capture`, `is:capture,refund`. Status: `status:approved`, `status:declined`, `status:40413,40414`. Amount, in the currency's major units (`100.50` is 100.50 EUR): `amount:20..80`, `amount:100.50`, `amount:<=20`, `amount:*..20`, `max:200` (at most), `min:100.50` (at least). `currency:DKK`, `currency:NOK,SEK,EUR`, `date:yesterday`, `country:DK,SE`, `mid:000000003000001` (merchant id). Unknown modifiers or bad input give 400.
                 * @example is:capture currency:DKK date:yesterday
                 */
                query?: components["parameters"]["TransactionQuery"];
                /**
                 * @description Items per page, 1 to 50; 20 when omitted. Set it by expanding the collection's templated link, never by editing a URL.
                 * @example 50
                 */
                per_page?: components["parameters"]["PerPage"];
                /**
                 * @description Opaque cursor carried by the `next` link. Not part of the `ch:transactions` template: follow the `next` link as given (`x-from-link`); never build or change it.
                 * @example eyJpZCI6IjkzNjJhNGU0In0
                 */
                next?: components["parameters"]["TransactionCursor"];
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
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["TransactionCollection"] & components["schemas"]["TopLevelHal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsTransactions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApplications: {
        parameters: {
            query?: {
                /**
                 * @description Application Query Language (APQL) filter, for example `state:submitted`. A malformed query gives 400.
                 * @example state:submitted
                 */
                query?: components["parameters"]["ApplicationQuery"];
                /**
                 * @description Page number, starting at 1. Prefer following the `first`, `prev`, `next` and `last` links.
                 * @example 2
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page, 1 to 50; 20 when omitted. Set it by expanding the collection's templated link, never by editing a URL.
                 * @example 50
                 */
                per_page?: components["parameters"]["PerPage"];
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
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["ApplicationCollection"] & components["schemas"]["TopLevelHal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApplication: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplicationCreate"];
            };
        };
        responses: {
            200: components["responses"]["ApplicationCreated"];
            201: components["responses"]["ApplicationCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsApplications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The application. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["Application"] & components["schemas"]["TopLevelHal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplicationUpdate"];
            };
        };
        responses: {
            /** @description The updated application. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["Application"] & components["schemas"]["TopLevelHal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    addApplicationStamp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
                /**
                 * @description Name of the stamp, as in the `name` of the application's `ch:stamps` link.
                 * @example submitted
                 */
                stamp_name: components["parameters"]["ApplicationStampName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stamp added; the application now carries it. */
            204: components["responses"]["NoContent"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    removeApplicationStamp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
                /**
                 * @description Name of the stamp, as in the `name` of the application's `ch:stamps` link.
                 * @example submitted
                 */
                stamp_name: components["parameters"]["ApplicationStampName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stamp removed. */
            204: components["responses"]["NoContent"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsApplicationStamp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
                /**
                 * @description Name of the stamp, as in the `name` of the application's `ch:stamps` link.
                 * @example submitted
                 */
                stamp_name: components["parameters"]["ApplicationStampName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApplicationGateways: {
        parameters: {
            query?: {
                /**
                 * @description Page number, starting at 1. Prefer following the `first`, `prev`, `next` and `last` links.
                 * @example 2
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page, 1 to 50; 20 when omitted. Set it by expanding the collection's templated link, never by editing a URL.
                 * @example 50
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Selected and selectable gateways. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["GatewayCollection"] & components["schemas"]["TopLevelHal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsApplicationGateways: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    selectApplicationGateway: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
                /**
                 * @description Gateway identifier, the gateway's `id`. Paths are shapes; take the address from the link relation.
                 * @example 8b7e5a0c-2f4d-4c6e-b1a9-5d3e7f9a1c24
                 */
                gateway_id: components["parameters"]["GatewayId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Gateway selected. */
            204: components["responses"]["NoContent"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsApplicationGatewaySelection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
                /**
                 * @description Gateway identifier, the gateway's `id`. Paths are shapes; take the address from the link relation.
                 * @example 8b7e5a0c-2f4d-4c6e-b1a9-5d3e7f9a1c24
                 */
                gateway_id: components["parameters"]["GatewayId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listPeople: {
        parameters: {
            query?: {
                /**
                 * @description Page number, starting at 1. Prefer following the `first`, `prev`, `next` and `last` links.
                 * @example 2
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page, 1 to 50; 20 when omitted. Set it by expanding the collection's templated link, never by editing a URL.
                 * @example 50
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of people. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["PersonCollection"] & components["schemas"]["TopLevelHal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createPerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PersonCreate"];
            };
        };
        responses: {
            200: components["responses"]["PersonCreated"];
            201: components["responses"]["PersonCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsPeople: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApplicationFiles: {
        parameters: {
            query?: {
                /**
                 * @description Page number, starting at 1. Prefer following the `first`, `prev`, `next` and `last` links.
                 * @example 2
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page, 1 to 50; 20 when omitted. Set it by expanding the collection's templated link, never by editing a URL.
                 * @example 50
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the application's files. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["FileCollection"] & components["schemas"]["TopLevelHal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApplicationFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FileCreate"];
            };
        };
        responses: {
            200: components["responses"]["ApplicationFileCreated"];
            201: components["responses"]["ApplicationFileCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsApplicationFiles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listContracts: {
        parameters: {
            query?: {
                /**
                 * @description Contract filter with the modifiers `state:` (`needs_signature`, `signed`, `declined`, `cancelled`), `merchant_id:` and `effective_on:` (ISO 8601 date). A malformed query gives 400.
                 * @example state:needs_signature
                 */
                query?: components["parameters"]["ContractQuery"];
                /**
                 * @description Page number, starting at 1. Prefer following the `first`, `prev`, `next` and `last` links.
                 * @example 2
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page, 1 to 50; 20 when omitted. Set it by expanding the collection's templated link, never by editing a URL.
                 * @example 50
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of contracts. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["ContractCollection"] & components["schemas"]["TopLevelHal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsContracts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application identifier, from the application's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                application_id: components["parameters"]["ApplicationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Person identifier, from the person's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 3c1f0a6e-8d2b-4f57-9a41-7e0d2c5b9f13
                 */
                person_id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The person. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["Person"] & components["schemas"]["TopLevelHal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deletePerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Person identifier, from the person's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 3c1f0a6e-8d2b-4f57-9a41-7e0d2c5b9f13
                 */
                person_id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Person removed. */
            204: components["responses"]["NoContent"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsPerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Person identifier, from the person's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 3c1f0a6e-8d2b-4f57-9a41-7e0d2c5b9f13
                 */
                person_id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updatePerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Person identifier, from the person's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 3c1f0a6e-8d2b-4f57-9a41-7e0d2c5b9f13
                 */
                person_id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PersonUpdate"];
            };
        };
        responses: {
            /** @description The updated person. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["Person"] & components["schemas"]["TopLevelHal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listPersonFiles: {
        parameters: {
            query?: {
                /**
                 * @description Page number, starting at 1. Prefer following the `first`, `prev`, `next` and `last` links.
                 * @example 2
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page, 1 to 50; 20 when omitted. Set it by expanding the collection's templated link, never by editing a URL.
                 * @example 50
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path: {
                /**
                 * @description Person identifier, from the person's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 3c1f0a6e-8d2b-4f57-9a41-7e0d2c5b9f13
                 */
                person_id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the person's files. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["FileCollection"] & components["schemas"]["TopLevelHal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createPersonFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Person identifier, from the person's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 3c1f0a6e-8d2b-4f57-9a41-7e0d2c5b9f13
                 */
                person_id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FileCreate"];
            };
        };
        responses: {
            200: components["responses"]["PersonFileCreated"];
            201: components["responses"]["PersonFileCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsPersonFiles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Person identifier, from the person's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 3c1f0a6e-8d2b-4f57-9a41-7e0d2c5b9f13
                 */
                person_id: components["parameters"]["PersonId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getGateway: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Gateway identifier, the gateway's `id`. Paths are shapes; take the address from the link relation.
                 * @example 8b7e5a0c-2f4d-4c6e-b1a9-5d3e7f9a1c24
                 */
                gateway_id: components["parameters"]["GatewayId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The gateway. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["Gateway"] & components["schemas"]["TopLevelHal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsGateway: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Gateway identifier, the gateway's `id`. Paths are shapes; take the address from the link relation.
                 * @example 8b7e5a0c-2f4d-4c6e-b1a9-5d3e7f9a1c24
                 */
                gateway_id: components["parameters"]["GatewayId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDisputes: {
        parameters: {
            query?: {
                /**
                 * @description Dispute Query Language (DQL) filter: modifiers `status:` (`open`, `refuted`, `under_review`, `won`, `lost`), `reason:`, `reason_code:`, `due:`/`due_at:`, `opened:`/`opened_at:`; for example `status:open due:today reason:fraud`. A malformed query gives 400.
                 * @example status:open due:today reason:fraud
                 */
                query?: components["parameters"]["DisputeQuery"];
                /**
                 * @description Page number, starting at 1. Prefer following the `first`, `prev`, `next` and `last` links.
                 * @example 2
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page, 1 to 50; 20 when omitted. Set it by expanding the collection's templated link, never by editing a URL.
                 * @example 50
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of disputes. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["DisputeCollection"] & components["schemas"]["TopLevelHal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsDisputes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDispute: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Dispute identifier, the dispute's `id`. Paths are shapes; take the address from the link relation.
                 * @example c6d9153b-32cb-472a-9dc9-553e9c79ea22
                 */
                dispute_id: components["parameters"]["DisputeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dispute. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["Dispute"] & components["schemas"]["TopLevelHal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsDispute: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Dispute identifier, the dispute's `id`. Paths are shapes; take the address from the link relation.
                 * @example c6d9153b-32cb-472a-9dc9-553e9c79ea22
                 */
                dispute_id: components["parameters"]["DisputeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    addDisputeStamp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Dispute identifier, the dispute's `id`. Paths are shapes; take the address from the link relation.
                 * @example c6d9153b-32cb-472a-9dc9-553e9c79ea22
                 */
                dispute_id: components["parameters"]["DisputeId"];
                /**
                 * @description Name of the stamp, as in the `name` of the dispute's `ch:stamps` link.
                 * @example refuted
                 */
                stamp_name: components["parameters"]["DisputeStampName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stamp added. */
            204: components["responses"]["NoContent"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsDisputeStamp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Dispute identifier, the dispute's `id`. Paths are shapes; take the address from the link relation.
                 * @example c6d9153b-32cb-472a-9dc9-553e9c79ea22
                 */
                dispute_id: components["parameters"]["DisputeId"];
                /**
                 * @description Name of the stamp, as in the `name` of the dispute's `ch:stamps` link.
                 * @example refuted
                 */
                stamp_name: components["parameters"]["DisputeStampName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDisputeFiles: {
        parameters: {
            query?: {
                /**
                 * @description Page number, starting at 1. Prefer following the `first`, `prev`, `next` and `last` links.
                 * @example 2
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page, 1 to 50; 20 when omitted. Set it by expanding the collection's templated link, never by editing a URL.
                 * @example 50
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path: {
                /**
                 * @description Dispute identifier, the dispute's `id`. Paths are shapes; take the address from the link relation.
                 * @example c6d9153b-32cb-472a-9dc9-553e9c79ea22
                 */
                dispute_id: components["parameters"]["DisputeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the dispute's evidence files. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["FileCollection"] & components["schemas"]["TopLevelHal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createDisputeFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Dispute identifier, the dispute's `id`. Paths are shapes; take the address from the link relation.
                 * @example c6d9153b-32cb-472a-9dc9-553e9c79ea22
                 */
                dispute_id: components["parameters"]["DisputeId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DisputeFileCreate"];
            };
        };
        responses: {
            200: components["responses"]["DisputeFileCreated"];
            201: components["responses"]["DisputeFileCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsDisputeFiles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Dispute identifier, the dispute's `id`. Paths are shapes; take the address from the link relation.
                 * @example c6d9153b-32cb-472a-9dc9-553e9c79ea22
                 */
                dispute_id: components["parameters"]["DisputeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getContract: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Contract identifier, from the contract's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 5e2d8c41-9b7a-4f3e-a6d0-1c8b2e4f7a95
                 */
                contract_id: components["parameters"]["ContractId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The contract. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["Contract"] & components["schemas"]["TopLevelHal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsContract: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Contract identifier, from the contract's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 5e2d8c41-9b7a-4f3e-a6d0-1c8b2e4f7a95
                 */
                contract_id: components["parameters"]["ContractId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    addContractStamp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Contract identifier, from the contract's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 5e2d8c41-9b7a-4f3e-a6d0-1c8b2e4f7a95
                 */
                contract_id: components["parameters"]["ContractId"];
                /**
                 * @description Name of the stamp, as in the `name` of the contract's `ch:stamps` link. No contract stamp names are published; use the names the links offer.
                 * @example signed
                 */
                stamp_name: components["parameters"]["ContractStampName"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ContractStampRequest"];
            };
        };
        responses: {
            /** @description Stamp added. */
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsContractStamp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Contract identifier, from the contract's `self` link. Paths are shapes; take the address from the link relation.
                 * @example 5e2d8c41-9b7a-4f3e-a6d0-1c8b2e4f7a95
                 */
                contract_id: components["parameters"]["ContractId"];
                /**
                 * @description Name of the stamp, as in the `name` of the contract's `ch:stamps` link. No contract stamp names are published; use the names the links offer.
                 * @example signed
                 */
                stamp_name: components["parameters"]["ContractStampName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description File identifier, from the file's `self` link. Paths are shapes; take the address from the link relation.
                 * @example a41f6c2e-7d3b-4e85-9f10-2b6c8d4e0f37
                 */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file's metadata. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["File"] & components["schemas"]["TopLevelHal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description File identifier, from the file's `self` link. Paths are shapes; take the address from the link relation.
                 * @example a41f6c2e-7d3b-4e85-9f10-2b6c8d4e0f37
                 */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File deleted. */
            204: components["responses"]["NoContent"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description File identifier, from the file's `self` link. Paths are shapes; take the address from the link relation.
                 * @example a41f6c2e-7d3b-4e85-9f10-2b6c8d4e0f37
                 */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description File identifier, from the file's `self` link. Paths are shapes; take the address from the link relation.
                 * @example a41f6c2e-7d3b-4e85-9f10-2b6c8d4e0f37
                 */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FileUpdate"];
            };
        };
        responses: {
            /** @description The updated file. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["File"] & components["schemas"]["TopLevelHal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    downloadFileContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description File identifier, from the file's `self` link. Paths are shapes; take the address from the link relation.
                 * @example a41f6c2e-7d3b-4e85-9f10-2b6c8d4e0f37
                 */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file's content; `Content-Type` is the file's `content_type`. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsFileContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description File identifier, from the file's `self` link. Paths are shapes; take the address from the link relation.
                 * @example a41f6c2e-7d3b-4e85-9f10-2b6c8d4e0f37
                 */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    uploadFileContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Opaque path of the pre-signed upload address; it may contain `/`. **Rule:** use the `href` of the file's `ch:data` link named `upload` (`x-from-link`) verbatim, host and signature query parameters included, before it expires.
                 * @example a41f6c2e-7d3b-4e85-9f10-2b6c8d4e0f37
                 */
                upload_path: components["parameters"]["UploadPath"];
            };
            cookie?: never;
        };
        /** @description The raw bytes. **Rule:** `Content-Type` must equal the file's `content_type` (`x-content-type-from-file`). */
        requestBody: {
            content: {
                "*/*": string;
            };
        };
        responses: {
            /** @description Stored by the storage host. */
            200: {
                headers: {
                    /**
                     * @description Entity tag of the stored object.
                     * @example "5d41402abc4b2a76b9719d911017c592"
                     */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The link has expired or the request does not match its signature (usually a `Content-Type` other than the file's `content_type`, or an added header). GET the file again for a current link. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description The storage host is throttling or unavailable; retry with back-off. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
        };
    };
    listComments: {
        parameters: {
            query?: {
                /**
                 * @description Page number, starting at 1. Prefer following the `first`, `prev`, `next` and `last` links.
                 * @example 2
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page, 1 to 50; 20 when omitted. Set it by expanding the collection's templated link, never by editing a URL.
                 * @example 50
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path: {
                /**
                 * @description Collection segment of the commented resource. Comment collections live under the commented resource (`…/<collection>/<id>/comments{?page,per_page}`); reach them through its `ch:comments` link.
                 * @example applications
                 */
                context: components["parameters"]["CommentContext"];
                /**
                 * @description Identifier of the commented resource.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                context_id: components["parameters"]["CommentContextId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of comments. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["CommentCollection"] & components["schemas"]["TopLevelHal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createComment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Collection segment of the commented resource. Comment collections live under the commented resource (`…/<collection>/<id>/comments{?page,per_page}`); reach them through its `ch:comments` link.
                 * @example applications
                 */
                context: components["parameters"]["CommentContext"];
                /**
                 * @description Identifier of the commented resource.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                context_id: components["parameters"]["CommentContextId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentCreate"];
            };
        };
        responses: {
            200: components["responses"]["CommentCreated"];
            201: components["responses"]["CommentCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsComments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Collection segment of the commented resource. Comment collections live under the commented resource (`…/<collection>/<id>/comments{?page,per_page}`); reach them through its `ch:comments` link.
                 * @example applications
                 */
                context: components["parameters"]["CommentContext"];
                /**
                 * @description Identifier of the commented resource.
                 * @example 19be420f-491b-407c-8505-a506326f935d
                 */
                context_id: components["parameters"]["CommentContextId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getComment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Comment identifier, the comment's `id`. Paths are shapes; take the address from the link relation.
                 * @example e7c3b9d1-5a2f-4c8e-b0d6-9f1a3e5c7b28
                 */
                comment_id: components["parameters"]["CommentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comment. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/hal+json": components["schemas"]["Comment"] & components["schemas"]["TopLevelHal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsComment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Comment identifier, the comment's `id`. Paths are shapes; take the address from the link relation.
                 * @example e7c3b9d1-5a2f-4c8e-b0d6-9f1a3e5c7b28
                 */
                comment_id: components["parameters"]["CommentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Options"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
type WithRequired<T, K extends keyof T> = T & {
    [P in K]-?: T[P];
};
