// Any path no route claims.
import { data } from "react-router";
import { NotFoundScreen } from "~/components/error-screen";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "404" }];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
