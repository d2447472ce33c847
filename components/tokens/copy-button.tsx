"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { useT } from "@/lib/client/i18n";

const COPIED_FEEDBACK_MS = 2000;

/** Copies `text` to the clipboard and says so for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useT();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        icon={
          <Icon
            name={state === "copied" ? "check" : "copy"}
            className="size-4"
          />
        }
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setState("copied"),
            () => setState("failed"),
          )
        }
      >
        {state === "copied" ? t("Copied") : label}
      </Button>
      <span className="sr-only" aria-live="polite">
        {state === "copied"
          ? t("Copied to the clipboard")
          : state === "failed"
            ? t("Copying failed: select the text and copy it yourself.")
            : ""}
      </span>
    </>
  );
}
