// An SVG of the benchmark: per scenario, requests/s as a ratio to the anchor's constant JSON, the
// server's CPU per request, and p99 latency, side by side, so a regression shows without reading
// the table.

const escape = (text) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function panel({
  x,
  title,
  rows,
  value,
  whisker,
  unit,
  width,
  rowHeight,
  top,
  color,
  digits,
}) {
  const measured = rows.filter((row) => !row.unavailable);
  const max = Math.max(
    ...measured.map((row) => (whisker ? whisker(row)[1] : value(row))),
    1,
  );
  const parts = [
    `<text x="${x}" y="${top - 14}" font-weight="bold">${escape(title)}</text>`,
  ];
  rows.forEach((row, index) => {
    const y = top + index * rowHeight;
    // A row that did not run (the peer on PGlite) says why instead of a bar.
    if (row.unavailable) {
      parts.push(
        `<text x="${x}" y="${y + rowHeight / 2}" fill="#555">${escape(row.unavailable)}</text>`,
      );
      return;
    }
    const length = (value(row) / max) * width;
    let end = x + length;
    parts.push(
      `<rect x="${x}" y="${y}" width="${length.toFixed(1)}" height="${rowHeight - 8}" fill="${color}"/>`,
    );
    if (whisker) {
      const [low, high] = whisker(row).map((v) => x + (v / max) * width);
      const middle = y + (rowHeight - 8) / 2;
      parts.push(
        `<line x1="${low.toFixed(1)}" x2="${high.toFixed(1)}" y1="${middle}" y2="${middle}" stroke="#222" stroke-width="1.5"/>`,
      );
      end = Math.max(end, high);
    }
    const figure =
      digits !== undefined
        ? value(row).toFixed(digits)
        : value(row) < 100
          ? value(row).toFixed(1)
          : Math.round(value(row)).toString();
    parts.push(
      `<text x="${(end + 6).toFixed(1)}" y="${y + rowHeight / 2}">${figure} ${unit}</text>`,
    );
  });
  return parts.join("\n");
}

/** Three horizontal bar panels over the same scenario labels, and ours ÷ the peer under the subtitle. */
export function chart(rows, subtitle, note = "") {
  const rowHeight = 30;
  const top = 70;
  const labelWidth = 330;
  const panelWidth = 220;
  const height = top + rows.length * rowHeight + 20;
  const width = labelWidth + 3 * (panelWidth + 90);
  const labels = rows.map(
    (row, index) =>
      `<text x="10" y="${top + index * rowHeight + rowHeight / 2}">${escape(row.label)}</text>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="13">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="22" font-size="15" font-weight="bold">npm run bench</text>`,
    `<text x="10" y="40" fill="#555">${escape(subtitle)}</text>`,
    ...(note
      ? [`<text x="${labelWidth}" y="22" fill="#222">${escape(note)}</text>`]
      : []),
    ...labels,
    panel({
      x: labelWidth,
      title: "× anchor (requests/s)",
      rows,
      value: (r) => r.ratio,
      unit: "×",
      width: panelWidth,
      rowHeight,
      top,
      color: "#6aa6d8",
      digits: 2,
    }),
    panel({
      x: labelWidth + panelWidth + 90,
      title: "server CPU per request",
      rows,
      value: (r) => r.cpuMs ?? 0,
      unit: "ms",
      width: panelWidth,
      rowHeight,
      top,
      color: "#8fbf6a",
      digits: 2,
    }),
    panel({
      x: labelWidth + 2 * (panelWidth + 90),
      title: "p99 latency",
      rows,
      value: (r) => r.p99,
      unit: "ms",
      width: panelWidth,
      rowHeight,
      top,
      color: "#e39b5b",
    }),
    "</svg>",
    "",
  ].join("\n");
}
