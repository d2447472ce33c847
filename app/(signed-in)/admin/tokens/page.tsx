import { redirect } from "next/navigation";

/**
 * The token screen's old address (bookmarks, older expiry notices): the account's API tokens
 * section is the one screen for them (decision record 070).
 */
export default function Page() {
  redirect("/admin/account/tokens");
}
