import { describe, expect, it } from 'vitest';
import { readEvents } from './live';

/** A body that arrives in these pieces, cut wherever the network cuts it. */
const body = (...pieces: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
      controller.close();
    },
  });

const read = async (...pieces: string[]) => {
  const seen: [string, object][] = [];
  await readEvents(body(...pieces), (kind, data) => seen.push([kind, data]));
  return seen;
};

describe('reading the live stream (LV1)', () => {
  it('reads each event with its data, however the body is cut', async () => {
    expect(
      await read('retry: 3000\n\nevent: ready\ndata: {}\n\nevent: mess', 'ages\ndata: {"ref":', '42}\n\n'),
    ).toEqual([
      ['ready', {}],
      ['messages', { ref: 42 }],
    ]);
  });

  it('skips the heartbeat’s comment lines and data it cannot read, and takes CRLF line ends', async () => {
    expect(
      await read(': ping\n\n', 'event: news\ndata: not json\n\n', 'event: alerts\r\ndata: {}\r\n\r\n'),
    ).toEqual([['alerts', {}]]);
  });

  it('passes on only a numeric ref, whatever else an event carries', async () => {
    expect(await read('event: news\ndata: {"ref":"7","html":"<b>x</b>"}\n\n')).toEqual([['news', {}]]);
  });
});
