import { commandsTable } from "./commands";
import { configurationTable } from "./configuration";
import { decisionsTable } from "./decisions";
import { metricsTable } from "./metrics";
import { authActionsTable, hostRoutesTable } from "./routes";
import { settingsTable } from "./settings";

/**
 * The reference tables of the guides that the code holds: each is written between its markers
 * by `npm run docs:tables` and compared by test/unit/docs-tables.test.ts (decision record 084).
 */
export const DOC_TABLES: {
  file: string;
  name: string;
  render: () => string;
}[] = [
  { file: "docs/api.md", name: "auth-actions", render: authActionsTable },
  { file: "docs/api.md", name: "host-routes", render: hostRoutesTable },
  {
    file: "docs/configuration.md",
    name: "configuration",
    render: configurationTable,
  },
  { file: "docs/administration.md", name: "settings", render: settingsTable },
  { file: "docs/operating.md", name: "metrics", render: metricsTable },
  { file: "docs/operating.md", name: "commands", render: commandsTable },
  {
    file: "docs/decisions/README.md",
    name: "decisions",
    render: decisionsTable,
  },
];
