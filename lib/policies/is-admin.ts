/**
 * SPEC.md §1 rule 5: the default isAdmin() compares the email, case-insensitively, to the
 * administrators list. Pure, so client components can use it to hide what the server refuses.
 */
export function isAdminEmail(email: string, admins: readonly string[]): boolean {
  const needle = email.trim().toLowerCase();
  return admins.some((admin) => admin.trim().toLowerCase() === needle);
}
