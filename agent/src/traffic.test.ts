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
    expect(meter.completed(10)).toEqual([]);
    now += MINUTE;
    a.counters.read = 150;
    b.counters.written = 7;
    meter.sample();
    const first = meter.completed(10);
    expect(first).toEqual([{ proxy_id: 1, minute: '2026-11-24T10:00:00.000Z', bytes_in: 100, bytes_out: 1_000 }]);
    meter.acknowledge(first);
    now += MINUTE;
    expect(meter.completed(10)).toEqual([
      { proxy_id: 1, minute: '2026-11-24T10:01:00.000Z', bytes_in: 50, bytes_out: 0 },
      { proxy_id: 2, minute: '2026-11-24T10:01:00.000Z', bytes_in: 0, bytes_out: 7 },
    ]);
    expect(meter.completed(1)).toHaveLength(1);
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
    expect(meter.completed(10)).toEqual([
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
    expect(meter.completed(10).map((bucket) => bucket.minute)).toEqual([
      '2026-11-24T10:02:00.000Z',
      '2026-11-24T10:03:00.000Z',
      '2026-11-24T10:04:00.000Z',
    ]);
    expect(meter.dropped).toBe(2);
  });
});
