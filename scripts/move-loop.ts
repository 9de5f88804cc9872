// The loop of `npm run move-to-objects`, apart from the command line (no Node imports) so the workers
// tests drive the real POST /_edge/move with it: calls until `next` is null, reporting each restaurant.

interface MoveAnswer {
  next: number | null;
  restaurants: { id: number; moved: number; done: boolean }[];
}

/** Orders moved per restaurant over the whole run. `send(after)` makes one request to the endpoint. */
export async function moveUntilDone(send: (after: number) => Promise<Response>, report: (line: string) => void = () => {}): Promise<Map<number, number>> {
  const moved = new Map<number, number>();
  let after: number | null = 0;
  while (after !== null) {
    const res = await send(after);
    if (res.status !== 200) throw new Error(`POST /_edge/move answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
    const answer = (await res.json()) as MoveAnswer;
    for (const r of answer.restaurants) {
      moved.set(r.id, (moved.get(r.id) ?? 0) + r.moved);
      report(`restaurant ${r.id}: ${r.moved} order(s) moved${r.done ? "" : " (continues)"}`);
    }
    // Each request moves at least one page or one restaurant, so `next` only goes forward or ends.
    if (answer.next !== null && answer.next < after) throw new Error(`POST /_edge/move went backwards (${after} → ${answer.next})`);
    after = answer.next;
  }
  return moved;
}
