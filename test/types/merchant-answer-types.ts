/**
 * Type-level tests of the merchant answers' generated types, checked by `npm run typecheck` (tsc
 * --strict): a member the spec requires is required in the type, and each `@ts-expect-error`
 * line must be a compile error.
 */
import type { components } from "../../generated/merchant/schema";

type PersonFile = components["schemas"]["PersonFile"];
type CommentContextLinks = components["schemas"]["CommentContextLinks"];

// A person's file links its person: read without a check.
export const ownerOfPersonFile = (file: PersonFile): string => file._links["ch:person"].href;

// @ts-expect-error the comment's link back names one of the context relations
export const noContext: CommentContextLinks = {};
