import { startTestPocketBase } from './tests/support/pocketbase.ts';
const server = await startTestPocketBase();
try {
  const pb = await server.superuserClient();
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">' + 'x'.repeat(700_000) + '</svg>').toString('base64');
  const body = `<p>Intro.</p><p><img src="data:image/svg+xml;base64,${svg}" alt=""></p><p>End.</p>`;
  console.log('body bytes', body.length);
  for (const published of [false, true]) {
    const t0 = Date.now();
    try { await pb.collection('blogs').create({ title: 'Big', content: body, published }); console.log('saved'); } catch (e) { console.log((e as Error).message); }
    console.log('published', published, Date.now() - t0, 'ms');
  }
} finally { await server.stop(); }
