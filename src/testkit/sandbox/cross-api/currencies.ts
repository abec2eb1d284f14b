/**
 * The gateway's currency table as the sandbox reads it: how many digits of an amount are minor
 * units (`x-minor-unit-exponents` on the spec's `Currency`, generated into `minorUnitExponents`).
 * Shared: the merchant API's amount queries read it too, and the state view.
 */
import { minorUnitExponents } from "../../../../generated/gateway/constants";

const exceptions: Readonly<Record<string, number | undefined>> = minorUnitExponents.currencies;

/** Digits of minor units in `currency` (2050 EUR with exponent 2 is 20.50 EUR). */
export function minorUnitExponent(currency: string): number {
  return exceptions[currency.toUpperCase()] ?? minorUnitExponents.default;
}
