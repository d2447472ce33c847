import { redirect } from "next/navigation";
import { ACCOUNT_SETTINGS_PATH } from "@/components/settings/account-sections";

/**
 * The profile's old address, where the server's own redirects still lead (the auth actions'
 * `redirect` defaults, the email-change link): the Profile section reads the flashed outcome.
 */
export default function Page() {
  redirect(ACCOUNT_SETTINGS_PATH);
}
