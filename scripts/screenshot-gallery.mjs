// Copies the gallery the e2e run took (e2e/gallery.spec.ts → test-results/gallery/) to
// docs/screenshots/ and rewrites the gallery of docs/getting-started.md between its two markers
// (README shows one of the screenshots, by its path).
// Usage: npx playwright test e2e/gallery.spec.ts && node scripts/screenshot-gallery.mjs
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";

const SCREENS = [
  ["login", "Sign-in"],
  ["security-settings", "Account settings: Security"],
  ["tokens", "API tokens"],
  ["admin-users", "Administration: users"],
  ["admin-home", "Administration: home, with the server's health"],
  ["admin-activity", "Administration: activity"],
  ["admin-settings", "Administration: settings"],
  ["admin-webhooks", "Administration: webhooks"],
  ["oauth-clients", "OAuth clients"],
  ["api-reference", "API reference"],
];
const GUIDE = "docs/getting-started.md";
const START = "<!-- gallery:start -->";
const END = "<!-- gallery:end -->";

mkdirSync("docs/screenshots", { recursive: true });
const rows = [];
for (const [name, caption] of SCREENS) {
  const cells = [];
  for (const scheme of ["light", "dark"]) {
    const from = `test-results/gallery/${name}-${scheme}.png`;
    if (!existsSync(from))
      throw new Error(`${from} is missing: run e2e/gallery.spec.ts first`);
    copyFileSync(from, `docs/screenshots/${name}-${scheme}.png`);
    cells.push(
      `<img src="screenshots/${name}-${scheme}.png" alt="${caption}, ${scheme}" width="400">`,
    );
  }
  rows.push(`| ${caption} | ${cells.join(" | ")} |`);
}
const table = ["| Screen | Light | Dark |", "|---|---|---|", ...rows].join(
  "\n",
);
const guide = readFileSync(GUIDE, "utf8");
const start = guide.indexOf(START);
const end = guide.indexOf(END);
if (start < 0 || end < start)
  throw new Error(`${GUIDE} has no ${START} … ${END}`);
writeFileSync(
  GUIDE,
  `${guide.slice(0, start + START.length)}\n${table}\n${guide.slice(end)}`,
);
console.log(
  `gallery: ${SCREENS.length * 2} screenshots copied, ${GUIDE} updated`,
);
