/**
 * contract §1 rule 5: whether the email is on the administrators list, case-insensitively. Only
 * half of the default isAdmin() (lib/policies/admin.ts), which also wants the address verified.
 */
export function isAdminEmail(
  email: string,
  admins: readonly string[],
): boolean {
  const needle = email.trim().toLowerCase();
  return admins.some((admin) => admin.trim().toLowerCase() === needle);
}
