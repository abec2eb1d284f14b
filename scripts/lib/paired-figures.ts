/**
 * The figures of a paired benchmark: per measure (a row) and per side, one value per round; what
 * the table shows of them is the median over the rounds, the noise (the spread between one side's
 * rounds) and the change from the base to the new side, told apart from the noise.
 */

/** A row of the table: one figure, per target a value per round. */
export interface Row {
  name: string;
  better: "lower" | "higher";
  digits: number;
  /** By the label of the revision or reference. */
  values: Map<string, number[]>;
}

export function row(name: string, better: Row["better"], digits = 0): Row {
  return { name, better, digits, values: new Map() };
}

export function note(r: Row, label: string, value: number): void {
  r.values.set(label, [...(r.values.get(label) ?? []), value]);
}

/** The middle value, or the mean of the two middle ones (two rounds give their mean, not the lower). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The spread between one side's rounds, max − min over the median, in percent. */
function noise(values: readonly number[] | undefined): number | undefined {
  if (values === undefined || values.length < 2) return undefined;
  return ((Math.max(...values) - Math.min(...values)) / median(values)) * 100;
}

/** The table: the base and the new side, the change, both sides' noise, and the references' values (no change: they are not compared). */
export function figuresTable(rows: readonly Row[], base: string, now: string, references: readonly string[]): string[] {
  const value = (r: Row, label: string) => {
    const values = r.values.get(label);
    return values === undefined ? "–" : median(values).toFixed(r.digits);
  };
  const percent = (n: number | undefined) => (n === undefined ? "–" : `${n.toFixed(0)}%`);
  return [
    `| measure | ${base} | ${now} | change | noise ${base} / ${now} | ${references.join(" | ")} |`,
    `|---|---:|---:|---|---:|${references.map(() => "---:").join("|")}|`,
    ...rows.map((r) => {
      const [before, after] = [r.values.get(base) ?? [], r.values.get(now) ?? []];
      const cells = references.map((label) => value(r, label)).join(" | ");
      const spread = `${percent(noise(before))} / ${percent(noise(after))}`;
      return `| ${r.name} | ${value(r, base)} | ${value(r, now)} | ${change(r, before, after)} | ${spread} | ${cells} |`;
    }),
  ];
}

/** The change of the median from base to now, in percent, and whether it is larger than either side's noise. */
function change(r: Row, base: readonly number[], now: readonly number[]): string {
  const [before, after] = [median(base), median(now)];
  if (before === 0) return "–";
  const percent = ((after - before) / before) * 100;
  const [noiseBefore, noiseAfter] = [noise(base), noise(now)];
  const improved = r.better === "lower" ? percent < 0 : percent > 0;
  const verdict =
    noiseBefore === undefined || noiseAfter === undefined
      ? "one round: no noise figure"
      : Math.abs(percent) <= Math.max(noiseBefore, noiseAfter)
        ? "within the noise"
        : improved
          ? "better"
          : "worse";
  return `${percent > 0 ? "+" : ""}${percent.toFixed(0)}% (${verdict})`;
}
