/**
 * The codegen compatibility matrix: generate both bundles with every generator, type-check each
 * output strictly, count weak types, type-check the docs examples against the generated code,
 * and render it all as the Markdown section that docs/codegen.md carries.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../apis";
import { typeCheck, type CompileResult } from "./compile";
import {
  apis,
  generateOrval,
  generators,
  installedVersion,
  orvalEncodeFormDir,
  outputDir,
  specPath,
  codegenRoot,
  type ApiName,
  type Generator,
} from "./generators";
import { countWeakTypes, type WeakTypeCount } from "./weak-types";

export interface Cell {
  api: ApiName;
  warnings: string[];
  compile: CompileResult;
  weak: WeakTypeCount;
}

export interface Row {
  generator: Generator;
  version: string;
  cells: Cell[];
}

export interface Matrix {
  rows: Row[];
  /** The docs examples (docs/examples/codegen/*.cts) against the generated code. */
  examples: CompileResult;
}

export const examplesDir = join(projectRoot, "docs", "examples", "codegen");

/** Generates and checks everything; generators run side by side (each output has its own folder). */
export async function buildMatrix(): Promise<Matrix> {
  const rows = await Promise.all(
    generators.map(async (generator): Promise<Row> => {
      const cells = await Promise.all(
        apis.map(async (api): Promise<Cell> => {
          const dir = outputDir(generator.id, api);
          const warnings = await generator
            .generate(specPath(api), dir)
            .catch((error: Error) => [error.message.split("\n").find((line) => /error/i.test(line)) ?? error.message]);
          // orval reports some failures (an unresolved $ref) and still exits 0, writing nothing.
          if (!existsSync(join(dir, generator.typesFile))) {
            const reason = warnings.find((line) => /error/i.test(line)) ?? "no output";
            return {
              api,
              warnings,
              compile: { compiles: false, errorSummary: `generation failed: ${reason.replace(/^\W+/, "")}`, report: warnings.join("\n") },
              weak: { total: Number.NaN, byOperation: {}, missing: [] },
            };
          }
          const compile = await typeCheck(dir, ["**/*.ts"]);
          return { api, warnings, compile, weak: countWeakTypes(generator, dir, specPath(api)) };
        }),
      );
      return { generator, version: installedVersion(generator.packageName), cells };
    }),
  );
  await generateOrval(specPath("gateway"), orvalEncodeFormDir, true);
  return { rows, examples: await typeCheckExamples() };
}

/** The examples need the generated code of hey-api (gateway) and orval (with the toolkit hooks). */
export function typeCheckExamples(): Promise<CompileResult> {
  return typeCheck(codegenRoot, [join(examplesDir, "*.cts"), join(examplesDir, "*.ts")], {
    paths: { "payment-apis-toolkit": ["src/toolkit/index.ts"], "payment-apis-toolkit/*": ["src/toolkit/*.ts"] },
  });
}

const weakTotal = (cell: Cell) => (Number.isNaN(cell.weak.total) ? "n/a" : String(cell.weak.total));
const yesNo = (compile: CompileResult) => (compile.compiles ? "yes" : `**no** (${compile.errorSummary})`);

/** How each generator's gateway client puts the toolkit's bytes on the wire (tested by test/codegen.test.ts). */
const formBodies: Record<Generator["id"], { asGenerated: string; withToolkit: string }> = {
  "openapi-typescript": {
    asGenerated: "types only",
    withToolkit: "yes: the toolkit client (openapi-fetch + `encodeForm`) is the reference",
  },
  "hey-api": {
    asGenerated: "no: nested objects as JSON in one field",
    withToolkit: "yes, `bodySerializer: encodeForm` + signing fetch ([example](examples/codegen/hey-api-gateway.cts))",
  },
  orval: {
    asGenerated: "no: nested objects as JSON in one field",
    withToolkit: "yes, `formUrlEncoded` + `mutator` hooks ([example](examples/codegen/orval-gateway.cts))",
  },
};

export const dateLinePrefix = "Generated on ";

/** The section between the markers of docs/codegen.md; only the date line may differ between runs. */
export function renderMatrix(matrix: Matrix, date: string): string {
  const lines = [
    `${dateLinePrefix}${date} by \`npm run codegen:check -- --write\`, Node ${process.versions.node.split(".")[0]}.`,
    "",
    "| generator | version | compiles (gateway / merchant) | gateway form bodies as generated | gateway form bodies with the toolkit | weak types (gateway / merchant) |",
    "|---|---|---|---|---|---|",
  ];
  for (const { generator, version, cells } of matrix.rows) {
    const [gateway, merchant] = cells as [Cell, Cell];
    lines.push(
      `| ${generator.packageName} | ${version} | ${yesNo(gateway.compile)} / ${yesNo(merchant.compile)} | ${formBodies[generator.id].asGenerated} | ${formBodies[generator.id].withToolkit} | ${weakTotal(gateway)} / ${weakTotal(merchant)} |`,
    );
  }
  lines.push(
    "",
    `Examples in docs/examples/codegen/ type-check against the generated code: ${yesNo(matrix.examples)}.`,
    "",
    "Weak types by operation (operations with none are left out):",
    "",
  );
  for (const { generator, cells } of matrix.rows) {
    for (const cell of cells) {
      const entries = Object.entries(cell.weak.byOperation).map(([operation, count]) => `${operation} ${count}`);
      lines.push(`- ${generator.packageName}, ${cell.api}: ${entries.length ? entries.join(", ") : "none"}`);
    }
  }
  const missing = matrix.rows.flatMap(({ generator, cells }) =>
    cells
      .filter((cell) => cell.weak.missing.length > 0)
      .map((cell) => `- ${generator.packageName}, ${cell.api}: ${cell.weak.missing.length} (${cell.weak.missing.join(", ")})`),
  );
  lines.push(
    "",
    "Operations of the spec a generator wrote no function or type for (not counted above):",
    "",
    ...(missing.length ? missing : ["- none"]),
  );
  const warnings = matrix.rows.flatMap(({ generator, cells }) =>
    cells.flatMap((cell) => cell.warnings.map((warning) => `- ${generator.packageName}, ${cell.api}: \`${warning}\``)),
  );
  lines.push("", "Generator warnings:", "", ...(warnings.length ? warnings : ["- none"]));
  return lines.join("\n");
}

/** Drops the date line, so that a comparison sees only what the generators produced. */
export function withoutDateLine(section: string): string {
  return section
    .split("\n")
    .filter((line) => !line.startsWith(dateLinePrefix))
    .join("\n")
    .trim();
}

export function failures(matrix: Matrix): string[] {
  const failed = matrix.rows.flatMap(({ generator, cells }) =>
    cells
      .filter((cell) => !cell.compile.compiles)
      .map((cell) => `${generator.packageName} (${cell.api}) does not compile:\n${cell.compile.report}`),
  );
  if (!matrix.examples.compiles) failed.push(`the examples in docs/examples/codegen do not type-check:\n${matrix.examples.report}`);
  return failed;
}
