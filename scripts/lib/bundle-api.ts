import { join } from "node:path";
import { runBin } from "./exec";

/**
 * Bundles one API with the redocly.yaml of `configDir` (the project, or a snapshot of it at
 * another commit), so each side is bundled with the configuration it was written for.
 */
export function bundleApi(configDir: string, api: string, outputPath: string): string {
  runBin("redocly", ["bundle", api, "--config", join(configDir, "redocly.yaml"), "--lint-config", "off", "--output", outputPath], {
    quiet: true,
  });
  return outputPath;
}
