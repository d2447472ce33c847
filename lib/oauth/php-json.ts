/**
 * PHP's `json_encode` with its default flags, as league writes the payloads of refresh tokens
 * and authorization codes: `/` escaped as `\/`, every non-ASCII character as `\uXXXX`.
 */
export function phpJsonEncode(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, "\\/")
    .replace(
      /[\u007f-\uffff]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
}
