"use client";

import { Button } from "@/components/ui/button";
import { useT } from "@/lib/client/i18n";

/** A form's end: Cancel where the form can be closed (an edited item's), then its submit button. */
export function FormActions({
  submit,
  loading,
  onCancel,
}: {
  submit: string;
  loading: boolean;
  onCancel?: () => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap justify-end gap-3">
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          {t("Cancel")}
        </Button>
      )}
      <Button type="submit" loading={loading}>
        {submit}
      </Button>
    </div>
  );
}
