#!/usr/bin/env bash
# A signed gateway POST against `npx payment-apis sandbox`, with curl and openssl only
# (test/readme.test.ts runs this file against the sandbox; the README shows it).
set -euo pipefail
gateway=${GATEWAY_BASE_URL:-http://127.0.0.1:4020}
api_key=8c6a3a4e-2b7f-4d1c-9e55-0f3b6a1c7d21        # seeded merchant API key (TEST-ONLY)
signing_key_id=9e3b7c51-0d2a-4f86-b4e1-6a5c8d2f0b73 # seeded signing API key (TEST-ONLY)
# The seeded private key: in the installed testkit, or in a clone of its repository.
seed=src/testkit/sandbox/seed/signing-key.TEST-ONLY.private.pem
private_key=${SIGNING_KEY_FILE:-$([ -f "node_modules/payment-apis-testkit/$seed" ] && echo "node_modules/payment-apis-testkit/$seed" || echo "$seed")}

# The signature covers the exact bytes sent: RSA PKCS#1 v1.5 with SHA-256, lowercase hex.
body='amount=2050&currency=EUR&card[pan]=4111111111111111&card[expire_month]=06&card[expire_year]=2030&card[csc]=987'
signature=$(printf '%s' "$body" | openssl dgst -sha256 -sign "$private_key" -hex | sed 's/^.*= //')

curl -sS --fail-with-body -u "$api_key:" \
  -H "Signature: $signing_key_id RS256-hex $signature" \
  -H 'Content-Type: application/x-www-form-urlencoded' \
  --data-raw "$body" "$gateway/authorizations"
