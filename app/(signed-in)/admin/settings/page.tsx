import { redirect } from "next/navigation";
import { ADMIN_SETTINGS_PATH } from "@/components/admin/settings/admin-sections";

export default function Page() {
  redirect(ADMIN_SETTINGS_PATH);
}
