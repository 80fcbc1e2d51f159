/**
 * Server-sent events read from a `fetch` response, for a stream EventSource cannot open: one that
 * needs the admin token, which EventSource cannot send. The text/event-stream format (HTML's
 * "Server-sent events"): lines of `field: value`, an event ending at a blank line, comments
 * starting with `:`; the fields used here are `event`, `data` (joined by new lines) and `id`.
 */

/** One event: its type (`message` when none is named), its data and its id, if any. */
export interface StreamEvent {
  type: string;
  data: string;
  id?: string;
}

/** Calls `onEvent` for each event of `body` until it ends (or its reader is cancelled). */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamEvent) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let id: string | undefined;
  const line = (text: string): void => {
    if (text === '') {
      if (data.length > 0)
        onEvent({ type: type || 'message', data: data.join('\n'), ...(id !== undefined && { id }) });
      [type, data] = ['', []];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + (text[colon + 1] === ' ' ? 2 : 1));
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  };
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    // A CR at the end may be the first half of a CRLF: it waits for the next chunk.
    const end = !done && buffer.endsWith('\r') ? buffer.length - 1 : buffer.length;
    const lines = buffer.slice(0, end).split(/\r\n|\r|\n/);
    buffer = done ? '' : (lines.pop() ?? '') + buffer.slice(end);
    for (const text of lines) line(text);
    if (done) return;
  }
}
