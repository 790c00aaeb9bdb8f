// A form that posts to a server action (works without JavaScript too).
import { say } from "./actions";

export const dynamic = "force-dynamic";

export default async function FormPage({ searchParams }: { searchParams: Promise<{ said?: string }> }) {
  const { said } = await searchParams;
  return (
    <main>
      <h1>Say something</h1>
      <form action={say}>
        <input name="message" aria-label="message" />
        <button type="submit">Send</button>
      </form>
      {said !== undefined && <p id="said">You said: {said}</p>}
    </main>
  );
}
