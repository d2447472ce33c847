"use client";

import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { useT } from "@/lib/client/i18n";

type Person = {
  id: number;
  name: string;
  email: string;
  profile_photo_url?: string | null;
};

/** One person of a team: the photo (or initials), the name and the address. */
export function TeamPerson({ person }: { person: Person }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar
        name={person.name}
        src={person.profile_photo_url ?? null}
        size="sm"
      />
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-zinc-900">
          {person.name}
        </p>
        <p className="truncate text-xs text-zinc-600">{person.email}</p>
      </div>
    </div>
  );
}

/**
 * A team's members inside a card, each with what this viewer may do beside them (a role, its
 * buttons), or a sentence when there is nobody: the team's own page (Jetstream's
 * TeamMemberManager) and the administrators' (decision record 106) list them alike.
 */
export function TeamPeople<P extends Person>({
  people,
  actions,
}: {
  people: readonly P[];
  actions: (person: P) => ReactNode;
}) {
  const t = useT();
  if (people.length === 0)
    return (
      <p className="text-sm text-zinc-600">
        {t("Nobody else is on this team yet.")}
      </p>
    );
  return (
    <ul
      aria-label={t("Team members")}
      className="-mx-5 -my-5 divide-y divide-zinc-100 sm:-mx-6"
    >
      {people.map((person) => (
        <li
          key={person.id}
          className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
        >
          <TeamPerson person={person} />
          <div className="flex shrink-0 flex-wrap items-center gap-2">
            {actions(person)}
          </div>
        </li>
      ))}
    </ul>
  );
}
