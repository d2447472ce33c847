import { redirect } from "next/navigation";
import { ACCOUNT_SETTINGS_PATH } from "@/components/settings/account-sections";

export default function Page() {
  redirect(ACCOUNT_SETTINGS_PATH);
}
