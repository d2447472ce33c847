import { ACTIVITY_DETAILS } from "@/components/admin/activity-labels";
import { activityDetails } from "@/lib/client/activity-details";
import { useT } from "@/lib/client/i18n";

/** An activity entry's properties as labelled values; an unknown key is shown as it is. */
export function ActivityDetails({
  properties,
}: {
  properties: Record<string, unknown> | null;
}) {
  const t = useT();
  const details = activityDetails(properties);
  if (details.length === 0) return null;
  return (
    <dl className="space-y-0.5 text-xs">
      {details.map(({ key, value }) => {
        const known = ACTIVITY_DETAILS[key];
        return (
          <div key={key} className="flex max-w-72 gap-1.5">
            <dt className="shrink-0 text-zinc-500">
              {known ? t(known.label) : key}
            </dt>
            <dd className="min-w-0 truncate text-zinc-700" title={value}>
              {value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
