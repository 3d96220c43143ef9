/**
 * A turn of the event loop: resolves after the I/O that is ready now (setImmediate runs after the poll phase).
 *
 * Why it lives with the database: the embedded PGlite runs every statement in the server's own thread, and
 * statements awaited one after another continue as microtasks, so a chain of them — a write-behind batch, a
 * delta's reads, a push's answers and socket writes — held the loop as one block while position reports (200 a
 * second with 1,000 trackers, issue 28 item 3) waited behind it. Work that runs off the request path awaits
 * this between its steps; on PostgreSQL a read already leaves the thread, and it costs one turn. A running server
 * now holds the embedded database in a thread of its own (embeddedThread.ts), where each answer is a message and
 * so a turn already; the turns still part the JavaScript between the steps (answers, socket writes).
 */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
