import "server-only";
import { z } from "zod";
import {
  pageRequest,
  paginationFields,
  paginator,
  parseQuery,
} from "@/lib/server/query";
import { listActivity as queryActivity } from "@/lib/audit/activity-query";
import { defineEndpoint } from "@/lib/server/endpoint";
import { userIdRule } from "@/lib/users/ids";

const DAY_MS = 24 * 60 * 60 * 1000;

// Laravel's `date_format:Y-m-d`: the format, and a day that exists (2026-02-30 fails too).
const day = z
  .string()
  .superRefine((text, issue) => {
    const date = new Date(`${text}T00:00:00Z`);
    const isDay =
      /^\d{4}-\d{2}-\d{2}$/.test(text) &&
      !Number.isNaN(date.getTime()) &&
      date.toISOString().startsWith(text);
    if (!isDay)
      issue.addIssue({
        code: "custom",
        message: "The :attribute field must match the format :format.",
        params: { format: "Y-m-d" },
      });
  })
  .transform((text) => new Date(`${text}T00:00:00Z`));

const querySchema = z
  .strictObject({
    user_id: userIdRule("The :attribute field must be a number.").nullish(),
    event: z.string().max(255).nullish(),
    from: day.nullish(),
    to: day.nullish(),
    ...paginationFields,
  })
  .refine((query) => !query.from || !query.to || query.to >= query.from, {
    path: ["to"],
    message: "The :attribute field must be a date after or equal to :date.",
    params: { date: "from" },
  });

/** GET /api/admin/activity?user_id=&event=&from=&to=&page=&per_page= (admins only), newest first. */
export const listActivity = defineEndpoint({
  async run(ctx) {
    const query = parseQuery(ctx, querySchema);
    const page = pageRequest(query);
    const filters = {
      userId: query.user_id,
      event: query.event,
      from: query.from,
      until: query.to ? new Date(query.to.getTime() + DAY_MS) : null,
    };
    const { data, total } = await queryActivity(ctx.db, filters, page);
    return paginator(data, total, page);
  },
});
