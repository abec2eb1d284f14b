/** Gateways: reading one, and an application's gateway selection (changeable until submission). */
import { pageOf } from "../http/pagination";
import { problems } from "../http/problems";
import type { AnsweringParts, Operations } from "./operation";

export function gatewayHandlers({ answers, links, reps, resources }: AnsweringParts): Operations {
  return {
    getGateway: (ctx) => answers.success(ctx, reps.gateway(resources.gateways.get(ctx.params.gateway_id)!)),

    listApplicationGateways: (ctx) => {
      const app = resources.applications.get(ctx.params.application_id)!;
      const all = [...resources.gateways.values()];
      const page = pageOf(all, links.addressOf(ctx), { page: ctx.query.page, per_page: ctx.query.per_page });
      return answers.success(ctx, {
        count: page.count,
        page: page.page,
        per_page: page.per_page,
        _links: { ...page.links, ...links.related("getApplication", ctx.params), curies: links.curies },
        _embedded: {
          [links.relationOf("listApplicationGateways")]: page.items
            .filter((g) => app.selectedGateways.has(g.id))
            .map((g) => reps.gateway(g, app)),
          // Selectable only while the selection can change: each one then carries its selection link.
          selectable:
            app.state === "unsubmitted" ? page.items.filter((g) => !app.selectedGateways.has(g.id)).map((g) => reps.gateway(g, app)) : [],
        },
      });
    },

    selectApplicationGateway: (ctx) => {
      const app = resources.applications.get(ctx.params.application_id)!;
      const gatewayId = ctx.params.gateway_id;
      if (app.selectedGateways.has(gatewayId)) return answers.success(ctx);
      if (app.state !== "unsubmitted") return problems.conflict(ctx.problem, "The gateway selection cannot change after submission.");
      app.selectedGateways.add(gatewayId);
      return answers.success(ctx);
    },
  };
}
