/** A Spanish speaker's phone: issue 25's journeys run in it beside the English desktop. */
export const SPANISH_PHONE = {
  locale: "es-ES",
  viewport: { width: 390, height: 844 },
} as const;
