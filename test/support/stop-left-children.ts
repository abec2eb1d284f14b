/**
 * A setup file (vitest.config.mts): when a test file ends, the commands its tests started through
 * runWatched or startServing and left running are stopped, so that a failed test leaves nothing
 * behind (vitest ends its worker with SIGTERM, which would orphan them in their own process groups).
 */
import { afterAll } from "vitest";
import { stopLeftChildren } from "./processes";

afterAll(stopLeftChildren);
