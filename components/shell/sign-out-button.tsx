"use client";

import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { useT } from "@/lib/client/i18n";
import { useLogout } from "@/lib/client/use-logout";

export function SignOutButton() {
  const t = useT();
  const logout = useLogout();
  return (
    <Button
      variant="ghost"
      size="sm"
      loading={logout.isPending}
      icon={<Icon name="logout" className="size-4.5" />}
      onClick={() => logout.mutate()}
    >
      <span className="max-sm:sr-only">{t("Sign out")}</span>
    </Button>
  );
}
