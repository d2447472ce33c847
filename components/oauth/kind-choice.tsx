"use client";

import { useId } from "react";
import { CLIENT_KINDS, type ClientKind } from "@/components/oauth/client-kinds";
import { useT } from "@/lib/client/i18n";

const KINDS = Object.keys(CLIENT_KINDS) as ClientKind[];

/** The three kinds as radio cards: each says in a line what it is for. */
export function KindChoice({
  kind,
  onKind,
}: {
  kind: ClientKind;
  onKind: (kind: ClientKind) => void;
}) {
  const t = useT();
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-zinc-800">
        {t("Kind of client")}
      </legend>
      <div className="mt-2 grid gap-3 lg:grid-cols-3">
        {KINDS.map((value) => (
          <label
            key={value}
            className={`flex cursor-pointer gap-3 rounded-lg p-3 ring-1 ${kind === value ? "bg-indigo-50/60 ring-indigo-600" : "ring-zinc-200 hover:bg-zinc-50"}`}
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={kind === value}
              onChange={() => onKind(value)}
              className="mt-0.5 size-4 accent-indigo-600"
            />
            <span className="text-sm">
              <span className="block font-medium text-zinc-900">
                {t(CLIENT_KINDS[value].label)}
              </span>
              <span className="mt-0.5 block text-zinc-600">
                {t(CLIENT_KINDS[value].description)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
