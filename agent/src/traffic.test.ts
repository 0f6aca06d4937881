import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { TrafficMeter } from './traffic.ts';

/** A socket whose counters the test sets (the meter reads nothing else). */
function fakeSocket() {
  const socket = new Socket();
  const counters = { read: 0, written: 0 };
  Object.defineProperty(socket, 'bytesRead', { get: () => counters.read });
  Object.defineProperty(socket, 'bytesWritten', { get: () => counters.written });
  return { socket, counters };
}

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-24T10:00:00.000Z');
const FINISHED = { current: false };

describe('TrafficMeter', () => {
  it('buckets bytes per proxy and minute and reports only finished minutes until acknowledged', () => {
    let now = T0 + 5_000;
    const meter = new TrafficMeter({ now: () => now });
    const a = fakeSocket();
    const b = fakeSocket();
    meter.track(1, a.socket, 'sim-1');
    meter.track(2, b.socket, 'sim-2');
    a.counters.read = 100;
    a.counters.written = 1_000;
    meter.sample();
    expect(meter.unsent(10, FINISHED)).toEqual([]);
    now += MINUTE;
    a.counters.read = 150;
    b.counters.written = 7;
    meter.sample();
    const first = meter.unsent(10, FINISHED);
    expect(first).toEqual([{ proxy_id: 1, minute: '2026-11-24T10:00:00.000Z', bytes_in: 100, bytes_out: 1_000 }]);
    meter.acknowledge(first);
    now += MINUTE;
    expect(meter.unsent(10, FINISHED)).toEqual([
      { proxy_id: 1, minute: '2026-11-24T10:01:00.000Z', bytes_in: 50, bytes_out: 0 },
      { proxy_id: 2, minute: '2026-11-24T10:01:00.000Z', bytes_in: 0, bytes_out: 7 },
    ]);
    expect(meter.unsent(1, FINISHED)).toHaveLength(1);
  });

  it('counts a socket’s last bytes when it closes', async () => {
    let now = T0;
    const meter = new TrafficMeter({ now: () => now });
    const a = fakeSocket();
    meter.track(3, a.socket, 'sim-1');
    a.counters.read = 42;
    a.socket.destroy();
    await new Promise((resolve) => a.socket.once('close', resolve));
    now += MINUTE;
    expect(meter.unsent(10, FINISHED)).toEqual([
      { proxy_id: 3, minute: '2026-11-24T10:00:00.000Z', bytes_in: 42, bytes_out: 0 },
    ]);
  });

  it('keeps at most maxBuckets unsent minutes, dropping the oldest', () => {
    let now = T0;
    const meter = new TrafficMeter({ now: () => now, maxBuckets: 3 });
    const a = fakeSocket();
    meter.track(1, a.socket, 'sim-1');
    for (let minute = 0; minute < 5; minute++) {
      a.counters.read += 1;
      meter.sample();
      now += MINUTE;
    }
    expect(meter.unsent(10, FINISHED).map((bucket) => bucket.minute)).toEqual([
      '2026-11-24T10:02:00.000Z',
      '2026-11-24T10:03:00.000Z',
      '2026-11-24T10:04:00.000Z',
    ]);
    expect(meter.dropped).toBe(2);
  });

  it('sends the running minute when asked, keeps it after the API took it, and its grown sum replaces it', () => {
    let now = T0 + 5_000;
    const meter = new TrafficMeter({ now: () => now });
    const a = fakeSocket();
    meter.track(1, a.socket, 'sim-1');
    a.counters.written = 1_000;
    meter.sample();
    const partial = meter.unsent(10, { current: true });
    expect(partial).toEqual([{ proxy_id: 1, minute: '2026-11-24T10:00:00.000Z', bytes_in: 0, bytes_out: 1_000 }]);
    meter.acknowledge(partial);
    a.counters.written = 1_500;
    meter.sample();
    now += MINUTE;
    // The minute's whole sum, not what came after the partial report: the API replaces the bucket it had.
    const final = meter.unsent(10, FINISHED);
    expect(final).toEqual([{ proxy_id: 1, minute: '2026-11-24T10:00:00.000Z', bytes_in: 0, bytes_out: 1_500 }]);
    meter.acknowledge(final);
    expect(meter.unsent(10, { current: true })).toEqual([]);
  });

  it('forgets a finished minute only if it did not grow after it was read', () => {
    let now = T0 + 59_000;
    const meter = new TrafficMeter({ now: () => now });
    const a = fakeSocket();
    meter.track(1, a.socket, 'sim-1');
    a.counters.read = 10;
    meter.sample();
    const sent = meter.unsent(10, { current: true });
    // Bytes land in the minute while the report is on its way, which ends before the answer.
    a.counters.read = 25;
    meter.sample();
    now += MINUTE;
    meter.acknowledge(sent);
    expect(meter.unsent(10, FINISHED)).toEqual([
      { proxy_id: 1, minute: '2026-11-24T10:00:00.000Z', bytes_in: 25, bytes_out: 0 },
    ]);
  });

  it('takes back saved buckets, adding what a restarted agent counts in the same minute', () => {
    let now = T0 + 30_000;
    const meter = new TrafficMeter({ now: () => now });
    const before = meter.revision;
    meter.restore([
      { proxy_id: 1, minute: '2026-11-24T09:59:00.000Z', bytes_in: 5, bytes_out: 50 },
      { proxy_id: 1, minute: '2026-11-24T10:00:00.000Z', bytes_in: 7, bytes_out: 70 },
    ]);
    expect(meter.revision).not.toBe(before);
    const a = fakeSocket();
    meter.track(1, a.socket, 'sim-1');
    a.counters.written = 30;
    meter.sample();
    now += MINUTE;
    expect(meter.unsent(10, FINISHED)).toEqual([
      { proxy_id: 1, minute: '2026-11-24T09:59:00.000Z', bytes_in: 5, bytes_out: 50 },
      { proxy_id: 1, minute: '2026-11-24T10:00:00.000Z', bytes_in: 7, bytes_out: 100 },
    ]);
  });
});
