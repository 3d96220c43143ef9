/**
 * Counts the event loop's turns while work runs (an immediate that queues itself again, once per turn), for tests
 * that prove background work lets the loop turn between its steps (db/nextTurn.ts).
 */
export function countTurns(): { readonly turns: number; stop(): void } {
  let turns = 0;
  let counting = true;
  const tick = () => {
    turns += 1;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get turns() {
      return turns;
    },
    stop() {
      counting = false;
    },
  };
}
