import { redirect } from "next/navigation";
import { routes } from "@/lib/routes";

export default function AdminIndexPage() {
  redirect(routes.adminSurveys);
}
