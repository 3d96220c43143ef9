/**
 * One JSON POST to a real external system (ISV, SMS gateway): a timeout, and the answer read as an object with
 * its `msg` text when it has one. The providers turn the result into their own Czech answers.
 */

export type PostJsonResult =
  | { kind: 'failed'; reason: 'timeout' | 'unreachable' }
  | { kind: 'answered'; ok: boolean; status: number; answer: Record<string, unknown>; msg: string | null };

export async function postJson(
  url: string,
  body: unknown,
  opts: { timeoutMs: number; fetch?: typeof fetch },
): Promise<PostJsonResult> {
  const doFetch = opts.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (err) {
    const name = (err as { name?: string } | null)?.name;
    return { kind: 'failed', reason: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable' };
  }
  let parsed: unknown = null;
  try {
    parsed = await res.json();
  } catch {
    // not JSON: the HTTP status decides
  }
  const answer = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  const msg = typeof answer.msg === 'string' && answer.msg ? answer.msg : null;
  return { kind: 'answered', ok: res.ok, status: res.status, answer, msg };
}
