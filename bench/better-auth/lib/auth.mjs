// Better Auth as its documentation sets it up: email and password, PostgreSQL through `pg`,
// default sessions (a database lookup per request, no cookie cache). One change: get-session is
// left out of its rate limiter (100 requests per 10 s per address in production), as the
// application's get-auth is never throttled; every other default stays.
import { betterAuth } from "better-auth";
import pg from "pg";

export const auth = betterAuth({
  database: new pg.Pool({ connectionString: process.env.DATABASE_URL }),
  emailAndPassword: { enabled: true },
  rateLimit: { customRules: { "/get-session": false } },
});
