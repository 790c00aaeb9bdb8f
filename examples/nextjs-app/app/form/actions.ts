"use server";
// A server action: the form posts here (a POST with a multipart body), and the
// page shows what was said.
import { redirect } from "next/navigation";

export async function say(form: FormData): Promise<void> {
  const message = String(form.get("message") ?? "").slice(0, 200);
  redirect(`/form?said=${encodeURIComponent(message)}`);
}
