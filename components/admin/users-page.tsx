"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { UserActionDialog } from "@/components/admin/user-action-dialog";
import { UserSessionsDialog } from "@/components/admin/user-sessions-dialog";
import { UserTokensDialog } from "@/components/tokens/user-tokens-dialog";
import { UserFilters } from "@/components/admin/user-filters";
import type { UserAction } from "@/components/admin/user-actions";
import { UserList } from "@/components/admin/user-list";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Icon } from "@/components/ui/icon";
import { PageHeader } from "@/components/ui/page-header";
import { useToast } from "@/components/ui/toaster";
import { Pagination } from "@/components/ui/pagination";
import { LoadingRows } from "@/components/ui/skeleton";
import { useApi } from "@/lib/client/api-context";
import type { AdminUser, AdminUserFilters } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useSettings } from "@/lib/client/settings-context";
import { useRouteMutation, useRouteQuery } from "@/lib/client/route-query";
import { useImpersonate } from "@/lib/client/use-impersonation";

const USERS_PER_PAGE = 15;

/** The administration's user list: search, pages, impersonate, sessions, reset a second factor, delete and restore, export. */
export function UsersPage() {
  const t = useT();
  const toast = useToast();
  const api = useApi();
  const { allowImpersonate } = useSettings();
  const [filters, setFilters] = useState<AdminUserFilters>({
    search: "",
    page: 1,
    status: "active",
  });
  const users = useRouteQuery(
    "api.admin.users.index",
    { ...filters, per_page: USERS_PER_PAGE },
    { placeholderData: keepPreviousData },
  );
  // Soft delete and restore; each makes the list (and the user's dialogs) stale.
  const remove = useRouteMutation("api.admin.users.destroy");
  const restore = useRouteMutation("api.admin.users.restore");
  const impersonate = useImpersonate();
  // Behind the step-up; audited, the user is told by mail.
  const resetTwoFactor = useRouteMutation("api.admin.users.two-factor.destroy");
  const [pending, setPending] = useState<{
    user: AdminUser;
    action: UserAction;
  } | null>(null);
  const [sessionsOf, setSessionsOf] = useState<AdminUser | null>(null);
  const [tokensOf, setTokensOf] = useState<AdminUser | null>(null);
  const page = users.data;

  function confirm() {
    if (!pending) return;
    const { user, action } = pending;
    // Acting as someone reloads the application; the rest are confirmed here, naming the account.
    const close = (done?: string) => ({
      onSuccess: () => {
        setPending(null);
        if (done) toast(t(done, { name: user.name }));
      },
    });
    if (action === "impersonate") impersonate.mutate(user.id, close());
    else if (action === "reset-two-factor")
      resetTwoFactor.mutate(
        { id: user.id },
        close("The two-factor authentication of :name has been reset."),
      );
    else if (action === "delete")
      remove.mutate(
        { id: user.id },
        close("The account of :name has been deleted."),
      );
    else
      restore.mutate(
        { id: user.id },
        close("The account of :name has been restored."),
      );
  }

  return (
    <>
      <PageHeader
        title={t("Users")}
        description={t(
          "Everyone with an account. Deleted accounts can be restored.",
        )}
        actions={
          <a
            href={api.path("api.admin.users.export")}
            download
            className={buttonClasses("secondary")}
          >
            <Icon name="download" className="size-4.5" />
            {t("Export CSV")}
          </a>
        }
      />
      <Card>
        <div className="space-y-5">
          <UserFilters
            search={filters.search}
            status={filters.status}
            onSearch={(search) =>
              setFilters((current) => ({ ...current, search, page: 1 }))
            }
            onStatus={(status) =>
              setFilters((current) => ({ ...current, status, page: 1 }))
            }
          />
          <ErrorAlert
            error={
              users.error ??
              remove.error ??
              restore.error ??
              impersonate.error ??
              resetTwoFactor.error
            }
          />
          {users.isPending ? (
            <LoadingRows label={t("Loading users…")} />
          ) : page && page.data.length > 0 ? (
            <UserList
              users={page.data}
              busy={users.isFetching}
              canImpersonate={allowImpersonate}
              onAction={(target, action) =>
                setPending({ user: target, action })
              }
              onSessions={setSessionsOf}
              onTokens={setTokensOf}
            />
          ) : (
            !users.isError && (
              <EmptyState title={t("No users found")}>
                {t("Try another search or show all users.")}
              </EmptyState>
            )
          )}
          {page && page.total > 0 && (
            <Pagination
              page={page.current_page}
              lastPage={page.last_page}
              total={page.total}
              busy={users.isFetching}
              onPage={(next) =>
                setFilters((current) => ({ ...current, page: next }))
              }
            />
          )}
        </div>
      </Card>
      <UserActionDialog
        pending={pending}
        loading={
          remove.isPending ||
          restore.isPending ||
          resetTwoFactor.isPending ||
          impersonate.isPending ||
          impersonate.isSuccess
        }
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
      <UserSessionsDialog
        user={sessionsOf}
        onClose={() => setSessionsOf(null)}
      />
      <UserTokensDialog user={tokensOf} onClose={() => setTokensOf(null)} />
    </>
  );
}
