// The reference point of the hot-path bench: a bare Fastify route in its own process, on the same machine, answering
// what /healthz answers. `node scripts/bench-bare-fastify.ts <port>`; prints "listening" when ready.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' });
console.log('listening');
