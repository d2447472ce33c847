/** Start-up: load and validate configuration (exit naming the key), apply migrations, start the mail worker. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("@/lib/runtime/boot");
  await boot();
}
