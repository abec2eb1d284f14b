/** Gateways: reading one, and an application's gateway selection (changeable until submission). */
import type { Operations } from "../operation";
import { pageOf } from "../pagination";
import { problems } from "../problems";

export const gatewayHandlers: Operations = {
  getGateway: (ctx, { answers, reps, resources }) => answers.hal(ctx, 200, reps.gateway(resources.gateways.get(ctx.params.gateway_id!)!)),

  listApplicationGateways: (ctx, { answers, links, reps, resources }) => {
    const app = resources.applications.get(ctx.params.application_id!)!;
    const all = [...resources.gateways.values()];
    const page = pageOf(all, links.href("listApplicationGateways", ctx.params), { page: ctx.query.page, per_page: ctx.query.per_page });
    return answers.hal(ctx, 200, {
      count: page.count,
      page: page.page,
      per_page: page.per_page,
      _links: { ...page.links, "ch:application": links.link("getApplication", ctx.params), curies: links.curies },
      _embedded: {
        "ch:gateways": page.items.filter((g) => app.selectedGateways.has(g.id)).map((g) => reps.gateway(g, app)),
        // Selectable only while the selection can change: each one then carries its ch:selection link.
        selectable: app.state === "unsubmitted" ? page.items.filter((g) => !app.selectedGateways.has(g.id)).map((g) => reps.gateway(g, app)) : [],
      },
    });
  },

  selectApplicationGateway: (ctx, { answers, resources }) => {
    const app = resources.applications.get(ctx.params.application_id!)!;
    const gatewayId = ctx.params.gateway_id!;
    if (app.selectedGateways.has(gatewayId)) return answers.noContent(ctx);
    if (app.state !== "unsubmitted") return problems.conflict(ctx.problem, "The gateway selection cannot change after submission.");
    app.selectedGateways.add(gatewayId);
    return answers.noContent(ctx);
  },
};
