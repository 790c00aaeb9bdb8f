// A dynamic page: rendered on every request by the server function, reading
// an environment variable that the stack sets (`environment` in stack.yaml).
export const dynamic = "force-dynamic";

export default function Hello() {
  const greeting = process.env.GREETING ?? "(GREETING is not set)";
  return (
    <main>
      <h1>Dynamic page</h1>
      <p id="greeting">{greeting}</p>
    </main>
  );
}
