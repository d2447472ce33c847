"use client";

import { AvatarUpload } from "@/components/profile/avatar-upload";
import { PasswordForm } from "@/components/profile/password-form";
import { ProfileForm } from "@/components/profile/profile-form";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { useT } from "@/lib/client/i18n";
import { useSession } from "@/lib/client/use-session";

export function ProfilePage({ flashed = {} }: { flashed?: { status?: string; error?: string } }) {
  const t = useT();
  const user = useSession().data?.user;
  if (!user) return null;
  return (
    <>
      <PageHeader title={t("Profile")} description={t("Manage how you appear and how you sign in.")} />
      <div className="space-y-6">
        {flashed.status && <Alert tone="success">{flashed.status}</Alert>}
        {flashed.error && <Alert tone="error">{flashed.error}</Alert>}
        <ProfileForm key={user.id} user={user} />
        <AvatarUpload user={user} />
        <PasswordForm />
      </div>
    </>
  );
}
