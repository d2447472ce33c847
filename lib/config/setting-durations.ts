/** Seconds in each unit a duration is shown in; a setting stores seconds, minutes, hours or days. */
export const DURATION_SECONDS = {
  seconds: 1,
  minutes: 60,
  hours: 3600,
  days: 86_400,
} as const;

export type DurationUnit = keyof typeof DURATION_SECONDS;
export const DURATION_UNITS = Object.keys(DURATION_SECONDS) as DurationUnit[];

/** The units a value stored in `base` can be entered in: the base and every larger one. */
export function unitsFrom(base: DurationUnit): DurationUnit[] {
  return DURATION_UNITS.filter(
    (unit) => DURATION_SECONDS[unit] >= DURATION_SECONDS[base],
  );
}

/** The largest unit that shows `value` (in `base`) as a whole number: 7200 seconds → 2 hours. */
export function readableDuration(
  value: number,
  base: DurationUnit,
): { amount: number; unit: DurationUnit } {
  const seconds = value * DURATION_SECONDS[base];
  const unit =
    [...unitsFrom(base)]
      .reverse()
      .find((candidate) => seconds % DURATION_SECONDS[candidate] === 0) ?? base;
  return { amount: seconds / DURATION_SECONDS[unit], unit };
}

/** `amount` of `unit` in the setting's `base` unit (90 minutes → 5400 seconds). */
export function durationIn(
  amount: number,
  unit: DurationUnit,
  base: DurationUnit,
): number {
  return (amount * DURATION_SECONDS[unit]) / DURATION_SECONDS[base];
}

/** The message key of an amount of a unit: "1 hour", ":count hours". */
export function durationMessage(
  amount: number,
  unit: DurationUnit,
): { key: string; count: number } {
  const singular = unit.slice(0, -1);
  return amount === 1
    ? { key: `1 ${singular}`, count: 1 }
    : { key: `:count ${unit}`, count: amount };
}
