import { redirect } from "next/navigation";

/** The application has no public home: the dashboard (or the login screen in front of it). */
export default function HomePage() {
  redirect("/admin");
}
