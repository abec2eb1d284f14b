// A downstream project's use of the installed clients package, as a user would write it.
// test/packages.test.ts type-checks this file under node10, node16 and bundler resolution,
// compiles it and runs it against `npx payment-apis sandbox` from the installed testkit.
import { readFileSync } from "node:fs";
import { createGatewayClient } from "payment-apis-toolkit/gateway";
import { createMerchantClient, merchantConstants } from "payment-apis-toolkit/merchant";

function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name}`);
  return value;
}

async function main(): Promise<void> {
  // Codegen in any language points at the bundled specs by module name.
  const specs = ["gateway.json", "gateway.yaml", "merchant.json", "merchant.yaml"].map((file) => require.resolve(`payment-apis-toolkit/specs/${file}`));

  const gateway = createGatewayClient({
    baseUrl: setting("GATEWAY_BASE_URL"),
    apiKey: setting("GATEWAY_API_KEY"),
    signing: { apiKey: setting("GATEWAY_SIGNING_API_KEY"), privateKey: readFileSync(setting("GATEWAY_SIGNING_KEY_FILE")) },
  });
  const authorization = await gateway.authorize({
    amount: 2050,
    currency: "EUR",
    card: { pan: "4111111111111111", expire_month: "06", expire_year: "2030", csc: "987" },
  });
  if (!authorization.approved) throw new Error(`authorization declined: ${authorization.code}`);
  const capture = await gateway.capture(authorization.transaction.id, { amount: 2050 });
  if (!capture.approved) throw new Error(`capture declined: ${capture.code}`);

  const merchant = createMerchantClient({
    baseUrl: setting("MERCHANT_BASE_URL"),
    clientId: setting("MERCHANT_CLIENT_ID"),
    clientSecret: setting("MERCHANT_CLIENT_SECRET"),
  });
  const root = await merchant.root();
  const application = await merchant.create(root, "ch:applications", {
    business_model: {
      trading_name: "Consumer Test Shop",
      description: "Checks the installed package end to end.",
      recurring: false,
      physical_delivery: false,
      estimate_currency: "DKK",
      estimated_monthly_turnover: 1000,
      estimated_average_transaction_amount: 10,
    },
  });
  let transactions = 0;
  const perPage = Math.min(10, merchantConstants.pagination.perPageMaximum);
  for await (const transaction of merchant.items(root, "ch:transactions", { per_page: perPage })) {
    if (transaction._links.self.href) transactions += 1;
  }

  console.log(
    JSON.stringify({
      specs,
      authorization: { id: authorization.transaction.id, code: authorization.transaction.status.code },
      capture: { id: capture.transaction.id, code: capture.transaction.status.code },
      rootLinks: Object.keys(root._links),
      application: application._links.self.href,
      transactions,
      perPage,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
