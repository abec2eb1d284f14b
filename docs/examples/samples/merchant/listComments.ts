// The comments on an application, field comments included (tagged `ch-field:<property>`).
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext) {
  const comments = [];
  for await (const comment of merchant.items(application, "ch:comments")) {
    const field = comment.tags?.find((tag) => tag.startsWith("ch-field:"))?.slice("ch-field:".length);
    console.log(comment.created_at, field ?? "(whole application)", comment.body);
    comments.push(comment);
  }
  return comments;
}
