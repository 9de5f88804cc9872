// POST /console/pictures: a dish's, category's or menu's picture, or the restaurant's logo (resource route).
import type { Route } from "./+types/pictures";
import { picturesAction } from "./pictures.server";

export async function action({ request, context }: Route.ActionArgs) {
  return picturesAction(request, context);
}
