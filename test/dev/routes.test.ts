// Route selection as API Gateway HTTP APIs document it ("Routing API
// requests" in http-api-develop-routes.html), with the page's own example.
import * as assert from "assert";
import { selectRoute, type DevRoute } from "../../src/dev/routes";

const table = (...keys: string[]): DevRoute<string>[] => keys.map((key) => ({ key, target: key }));

describe("dev gateway route selection", () => {
  // The documented example: GET /pets/dog/1 matches the first; /pets/dog/2 the
  // path variable; /pets/cat/1 the greedy one; POST /pets/dog/1 ANY /{proxy+}; a
  // request to /nothing the greedy ANY too, and with no routes at all $default.
  const routes = table("$default", "ANY /{proxy+}", "GET /pets/{proxy+}", "GET /pets/dog/{id}", "GET /pets/dog/1");
  const chosen = (method: string, p: string) => selectRoute(routes, method, p)?.route.key;

  it("prefers a full match of literal segments", () => assert.strictEqual(chosen("GET", "/pets/dog/1"), "GET /pets/dog/1"));
  it("then a full match with a path variable", () => assert.strictEqual(chosen("GET", "/pets/dog/2"), "GET /pets/dog/{id}"));
  it("then the greedy variable with the longest fixed prefix", () => assert.strictEqual(chosen("GET", "/pets/cat/1"), "GET /pets/{proxy+}"));
  it("sends a method no route names to ANY", () => assert.strictEqual(chosen("POST", "/pets/dog/1"), "ANY /{proxy+}"));
  it("uses $default only when nothing else matches", () => {
    assert.strictEqual(selectRoute(table("$default", "GET /a"), "GET", "/b")?.route.key, "$default");
    assert.strictEqual(selectRoute(table("$default", "GET /a"), "GET", "/a")?.route.key, "GET /a");
  });
  it("matches nothing (API Gateway's 404) without $default", () => assert.strictEqual(selectRoute(table("GET /a/{b}"), "GET", "/a"), undefined));

  it("prefers the route of the method over ANY for the same path", () => {
    assert.strictEqual(selectRoute(table("ANY /items/{id}", "GET /items/{id}"), "GET", "/items/1")?.route.key, "GET /items/{id}");
    assert.strictEqual(selectRoute(table("ANY /items/{id}", "GET /items/{id}"), "PUT", "/items/1")?.route.key, "ANY /items/{id}");
  });

  it("gives path variables decoded, one segment each", () => {
    const m = selectRoute(table("GET /orgs/{org}/users/{user}"), "GET", "/orgs/a%20b/users/%C3%A9");
    assert.deepStrictEqual(m?.pathParameters, { org: "a b", user: "é" });
    assert.strictEqual(selectRoute(table("GET /orgs/{org}"), "GET", "/orgs/a/b"), undefined);
  });

  it("gives a greedy variable the rest of the path, and wants at least one segment", () => {
    assert.deepStrictEqual(selectRoute(table("ANY /files/{proxy+}"), "GET", "/files/a/b/c.txt")?.pathParameters, { proxy: "a/b/c.txt" });
    assert.strictEqual(selectRoute(table("ANY /files/{proxy+}"), "GET", "/files"), undefined);
    assert.strictEqual(selectRoute(table("ANY /files/{proxy+}"), "GET", "/files/"), undefined);
  });

  it("ranks a full match with variables above a greedy match of the same path", () => {
    assert.strictEqual(selectRoute(table("GET /a/{proxy+}", "GET /a/{b}/{c}"), "GET", "/a/x/y")?.route.key, "GET /a/{b}/{c}");
  });

  it("does not match a literal segment by case-insensitive comparison", () => {
    assert.strictEqual(selectRoute(table("GET /Pets"), "GET", "/pets"), undefined);
  });
});
