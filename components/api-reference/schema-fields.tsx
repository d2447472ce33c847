type Schema = Record<string, unknown>;
type Translate = (key: string) => string;

/** A field's type as a reader wants it: `string`, `integer`, `boolean | "0" | "1"…`, `array of string`. */
export function typeOf(schema: Schema): string {
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return [...new Set(variants.map(typeOf))].join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum))
    return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.type === "array")
    return `array of ${typeOf((schema.items as Schema | undefined) ?? {})}`;
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  return typeof schema.type === "string" ? schema.type : "any";
}

/** The fields of an object schema: name, type, required, limits. */
export function SchemaFields({ schema, t }: { schema: Schema; t: Translate }) {
  const properties = Object.entries(
    (schema.properties as Record<string, Schema> | undefined) ?? {},
  ).filter(([name]) => name !== "_token" && name !== "redirect");
  if (properties.length === 0)
    return <p className="text-sm text-zinc-500">{t("No fields.")}</p>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-zinc-500">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              {t("Field")}
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              {t("Type")}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t("Required")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {properties.map(([name, field]) => (
            <tr key={name}>
              <td className="py-1.5 pr-4 font-mono text-xs text-zinc-900">
                {name}
              </td>
              <td className="py-1.5 pr-4 font-mono text-xs text-zinc-600">
                {typeOf(field)}
                {typeof field.maxLength === "number"
                  ? ` ≤ ${field.maxLength}`
                  : ""}
                {typeof field.minLength === "number"
                  ? ` ≥ ${field.minLength}`
                  : ""}
              </td>
              <td className="py-1.5 text-xs text-zinc-600">
                {required.has(name) ? t("Yes") : t("No")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
