"use client";

import { type CSSProperties, useId, useRef, useState } from "react";
import { Icon } from "@/components/ui/icon";

export type MenuAction = {
  key: string;
  label: string;
  /** The accessible name, when the label alone would not say whom it acts on. */
  ariaLabel?: string;
  danger?: boolean;
  onSelect: () => void;
};

const ITEM =
  "flex w-full items-center rounded-md px-3 py-2 text-left text-sm font-medium";
// Under the button, `GAP` pixels below it; the panel is in the top layer, placed in the viewport.
const GAP = 4;

/**
 * A "more actions" button whose panel lists a row's other actions, the dangerous ones last under
 * a rule (decision record 090 §7). The panel is a native popover: it sits in the top layer, so a
 * table's scrolling box never clips it, and the browser gives it light dismiss (Escape, a press
 * outside) and the button's expanded state. Choosing an action closes it and puts the focus on the
 * button first, so a dialog the action opens returns it there when it closes.
 */
export function ActionMenu({
  label,
  actions,
  align = "right",
}: {
  label: string;
  actions: MenuAction[];
  /** The panel's edge that lines up with the button's: where the row's actions sit. */
  align?: "left" | "right";
}) {
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<CSSProperties>({});
  if (actions.length === 0) return null;
  const safe = actions.filter((action) => !action.danger);
  const dangerous = actions.filter((action) => action.danger);

  // Placed when it opens; a scroll or resize while open closes it rather than leave it behind.
  function onToggle(event: React.ToggleEvent<HTMLDivElement>) {
    const close = () => panel.current?.hidePopover();
    if (event.newState !== "open") {
      window.removeEventListener("scroll", close, true);
      window.removeEventListener("resize", close);
      return;
    }
    const box = button.current?.getBoundingClientRect();
    if (box)
      setPlace(
        align === "right"
          ? { top: box.bottom + GAP, right: window.innerWidth - box.right }
          : { top: box.bottom + GAP, left: box.left },
      );
    window.addEventListener("scroll", close, { capture: true, once: true });
    window.addEventListener("resize", close, { once: true });
  }
  function choose(action: MenuAction) {
    panel.current?.hidePopover();
    button.current?.focus();
    action.onSelect();
  }
  const item = (action: MenuAction) => (
    <button
      key={action.key}
      type="button"
      aria-label={action.ariaLabel}
      className={`${ITEM} ${action.danger ? "text-red-600 hover:bg-red-50" : "text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900"}`}
      onClick={() => choose(action)}
    >
      {action.label}
    </button>
  );

  return (
    <>
      <button
        ref={button}
        type="button"
        popoverTarget={panelId}
        aria-label={label}
        title={label}
        className="inline-flex items-center rounded-md p-1.5 text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <Icon name="more" className="size-5" />
      </button>
      <div
        ref={panel}
        id={panelId}
        popover="auto"
        onToggle={onToggle}
        style={place}
        className="fixed m-0 w-56 rounded-xl border-0 bg-white p-1.5 shadow-lg ring-1 ring-zinc-200 [inset:auto]"
      >
        {safe.map(item)}
        {dangerous.length > 0 && (
          <div
            className={
              safe.length > 0 ? "mt-1 border-t border-zinc-100 pt-1" : undefined
            }
          >
            {dangerous.map(item)}
          </div>
        )}
      </div>
    </>
  );
}
