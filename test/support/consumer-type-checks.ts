/**
 * Type-checks a consumer project's consumer.ts under the three module resolutions a downstream
 * repository may use, in a process of its own (the checks take seconds of CPU; run in a test
 * worker they would hold up the tests beside them). The three programs share one parse of the
 * standard library and of the installed .d.ts. The node16 check also emits build/consumer.js.
 *
 *   ts-node test/support/consumer-type-checks.ts <consumer project> <@types folder>
 *
 * Prints one JSON object: tsc's report (`file(line,col): error TSnnnn: message` lines) by
 * resolution, empty when the consumer type-checks.
 */
import { join } from "node:path";
import ts from "typescript";
import { diagnosticsReport, sharedCompilerHost } from "../../scripts/lib/typescript-host";

export const consumerResolutions = {
  node10: { module: "commonjs", moduleResolution: "node10" },
  node16: { module: "node16", moduleResolution: "node16" },
  bundler: { module: "esnext", moduleResolution: "bundler" },
} as const;

export type ConsumerResolution = keyof typeof consumerResolutions;

function check(project: string, typeRoot: string, name: ConsumerResolution): string {
  const emit = name === "node16" ? { outDir: join(project, "build") } : { noEmit: true };
  const { options, errors } = ts.convertCompilerOptionsFromJson(
    {
      ...consumerResolutions[name],
      target: "ES2022",
      lib: ["ES2022"],
      strict: true,
      skipLibCheck: false,
      typeRoots: [typeRoot],
      types: ["node"],
      ...emit,
    },
    project,
  );
  const program = ts.createProgram([join(project, "consumer.ts")], options, sharedCompilerHost(options));
  const diagnostics = [...errors, ...ts.getPreEmitDiagnostics(program)];
  if (diagnostics.length === 0 && !options.noEmit) program.emit();
  return diagnosticsReport(diagnostics, project);
}

if (require.main === module) {
  const [project, typeRoot] = process.argv.slice(2);
  if (!project || !typeRoot) {
    console.error("usage: consumer-type-checks.ts <consumer project> <@types folder>");
    process.exit(2);
  }
  const reports = Object.fromEntries(
    (Object.keys(consumerResolutions) as ConsumerResolution[]).map((name) => [name, check(project, typeRoot, name)]),
  );
  console.log(JSON.stringify(reports));
}
