"use client";

import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { SelectField } from "@/components/ui/select-field";
import { INPUT_CLASSES } from "@/components/ui/text-field";
import type { UserStatus } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";

type Props = {
  search: string;
  status: UserStatus;
  onSearch: (search: string) => void;
  onStatus: (status: UserStatus) => void;
};

/** Search by name or email (on submit), and which accounts to list. */
export function UserFilters({ search, status, onSearch, onStatus }: Props) {
  const t = useT();
  const [text, setText] = useState(search);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <div className="flex flex-wrap items-end gap-3">
      <form
        role="search"
        onSubmit={submit}
        className="flex min-w-64 flex-1 gap-2"
      >
        <label htmlFor="user-search" className="sr-only">
          {t("Search users")}
        </label>
        <div className="relative flex-1">
          <Icon
            name="search"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400"
          />
          <input
            id="user-search"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t("Name or email")}
            className={`${INPUT_CLASSES} pl-9`}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t("Search")}
        </Button>
      </form>
      <SelectField
        label={t("Show")}
        hideLabel
        className="w-44"
        value={status}
        onChange={(event) => onStatus(event.target.value as UserStatus)}
        options={[
          { value: "active", label: t("Active users") },
          { value: "trashed", label: t("Deleted users") },
          { value: "all", label: t("All users") },
        ]}
      />
    </div>
  );
}
