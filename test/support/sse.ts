/** Reading an SSE response in tests and the bench (no vitest here: the bench imports it too). */
export interface SseMessage {
  /** The event's offset; NaN for a draft (`answer.delta`, `answer.reset`: no SSE id). */
  id: number;
  type: string;
  data: Record<string, any>;
}

/**
 * Reads an SSE response to its end (or until `stopAfter` messages), parsing id and JSON data.
 * `onMessage` sees each message as it arrives; with `tolerateDrop`, a connection the server drops ends
 * the read instead of throwing; with `drafts`, draft messages (no id) are read too.
 */
export async function readSse(res: Response, stopAfter = Infinity, opts: { onMessage?: (m: SseMessage) => void; tolerateDrop?: boolean; drafts?: boolean; until?: (m: SseMessage) => boolean } = {}): Promise<SseMessage[]> {
  const out: SseMessage[] = [];
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let buf = '';
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (e) {
      if (opts.tolerateDrop) break;
      throw e;
    }
    const { value, done } = chunk;
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let idx;
    while ((idx = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, idx);
      buf = buf.slice(idx + 2);
      const id = /^id: (\d+)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data && (id !== undefined || (opts.drafts && JSON.parse(data).draft === true))) {
        const parsed = JSON.parse(data);
        out.push({ id: id === undefined ? NaN : Number(id), type: parsed.type, data: parsed.data });
        opts.onMessage?.(out.at(-1)!);
        if (out.length >= stopAfter || opts.until?.(out.at(-1)!)) {
          await reader.cancel();
          return out;
        }
      }
    }
  }
  return out;
}
