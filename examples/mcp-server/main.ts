// Runs the example MCP server: ISSUER (the product's APP_URL), PORT, HOST and SCOPES
// (space-separated) from the environment, and CLIENT_ID with CLIENT_SECRET (its own confidential
// client, the registered resource's server) for the tools over the API. See README.md beside this file.
import { startExampleServer } from "./server";

const server = await startExampleServer({
  issuer: process.env.ISSUER ?? "http://localhost:3000",
  port: Number(process.env.PORT ?? 3333),
  host: process.env.HOST ?? "127.0.0.1",
  scopes: process.env.SCOPES?.split(" ").filter(Boolean),
  ...(process.env.CLIENT_ID && process.env.CLIENT_SECRET
    ? {
        client: {
          id: process.env.CLIENT_ID,
          secret: process.env.CLIENT_SECRET,
        },
      }
    : {}),
});
console.log(`MCP server at ${server.url}`);
