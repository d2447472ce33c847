import { describe, expect, it, vi } from "vitest";

// Next compiles each route into its own bundle with its own copies of our modules; the services
// (endpoints, middleware) are built once per process by whichever bundle asks first. A fresh
// module registry stands in for a second bundle here.
async function secondCopy<T>(path: string): Promise<T> {
  vi.resetModules();
  return (await import(path)) as T;
}

type Errors = typeof import("@/lib/http/errors");
type Endpoint = typeof import("@/lib/server/endpoint");
type Middleware = typeof import("@/lib/server/middleware");

describe("one process, several bundles", () => {
  it("an error thrown by one copy is recognised by another's instanceof", async () => {
    const first = await secondCopy<Errors>("@/lib/http/errors");
    const second = await secondCopy<Errors>("@/lib/http/errors");
    expect(first.HttpError).not.toBe(second.HttpError);

    const validation = first.invalid("email", "The email field is required.");
    expect(validation instanceof second.ValidationError).toBe(true);
    expect(validation instanceof second.HttpError).toBe(true);
    expect(validation instanceof second.UnavailableError).toBe(false);
    expect(first.forbidden() instanceof second.HttpError).toBe(true);
    expect(first.forbidden() instanceof second.ValidationError).toBe(false);
    expect(
      new first.UnavailableError(new Error("down")) instanceof
        second.UnavailableError,
    ).toBe(true);
    expect(new Error("plain") instanceof second.HttpError).toBe(false);
    expect({ status: 422 } instanceof second.HttpError).toBe(false);
  });

  it("a redirect returned by one copy is recognised by another", async () => {
    const first = await secondCopy<Endpoint>("@/lib/server/endpoint");
    const second = await secondCopy<Endpoint>("@/lib/server/endpoint");
    expect(first.redirectTo("/home") instanceof second.Redirect).toBe(true);
    expect({ location: "/home" } instanceof second.Redirect).toBe(false);
  });

  it("a middleware registered through one copy is found through another", async () => {
    const first = await secondCopy<Middleware>("@/lib/server/middleware");
    first.registerMiddleware("bundle-copies-test", {
      parse: first.noArgs,
      run: async () => {},
    });
    const second = await secondCopy<Middleware>("@/lib/server/middleware");
    expect(
      second.resolveMiddleware("bundle-copies-test", "routes.middlewares.test")
        .name,
    ).toBe("bundle-copies-test");
  });
});
