"use client";

import { Fragment } from "react";
import { SOURCE_BADGES } from "@/components/admin/setting-labels";
import { Badge } from "@/components/ui/badge";
import type { SettingSource } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";

// break-words, not break-all: in a table a value keeps its width; in a narrow column it still wraps.
const MONO = "font-mono text-[0.8125rem] break-words text-zinc-800";

/** Text that wraps after its dots and slashes (keys, route names, paths) rather than in the middle of a word. */
export function BreakableText({ text }: { text: string }) {
  return (
    <>
      {text.split(/(?<=[./])/).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** A configuration value as it is in force: on/off, a list, text or a number; nothing shown as such. */
export function SettingValue({ value }: { value: unknown }) {
  const t = useT();
  if (typeof value === "boolean")
    return <span className="text-zinc-800">{value ? t("On") : t("Off")}</span>;
  if (value === null || value === undefined || value === "")
    return <span className="text-zinc-500 italic">{t("Not set")}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0)
      return <span className="text-zinc-500 italic">{t("None")}</span>;
    return (
      <ul className="flex flex-wrap gap-1.5">
        {value.map((item, index) => (
          <li
            key={index}
            className={`rounded bg-zinc-100 px-1.5 py-0.5 ${MONO}`}
          >
            {typeof item === "string" ? (
              <BreakableText text={item} />
            ) : (
              JSON.stringify(item)
            )}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <span className={MONO}>
      {typeof value === "object" ? (
        JSON.stringify(value)
      ) : (
        <BreakableText text={String(value)} />
      )}
    </span>
  );
}

/** Where the value in force was set: the defaults, the environment, or this page. */
export function SourceBadge({ source }: { source: SettingSource }) {
  const t = useT();
  const badge = SOURCE_BADGES[source];
  return <Badge tone={badge.tone}>{t(badge.label)}</Badge>;
}
