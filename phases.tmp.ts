import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPocketBase } from './tools/local/pocketbase/serverProcess.ts';
import { superuserClient } from './tools/local/pocketbase/superuser.ts';
import { createPostsWithPictures } from './tools/bench/fixture.ts';
import { seedPocketBase } from './tools/local/pocketbase/seed.ts';

const EMAIL = { PUBLIC_EMAILJS_SERVICE_ID: 's', PUBLIC_EMAILJS_TEMPLATE_ID: 't', PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID: 'n', PUBLIC_EMAILJS_PUBLIC_KEY: 'k' };
const work = process.argv[2] ?? (await mkdtemp(path.join(tmpdir(), 'lw-phases-')));
const superuser = { email: 'p@test.local', password: 'phases-password' };
const server = await startPocketBase({ dataDir: path.join(work, 'pb'), superuser });
const pb = await superuserClient(server.url, superuser);
async function build(label: string) {
  const t0 = performance.now();
  const lines: string[] = [];
  const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', path.join(work, 'dist')], { env: { ...process.env, ...EMAIL, POCKETBASE_URL: server.url, ASTRO_CACHE_DIR: path.join(work, 'cache'), ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' } });
  let buf = '';
  const onData = (chunk: Buffer) => { buf += chunk; let i; while ((i = buf.indexOf('\n')) >= 0) { lines.push(`${((performance.now() - t0) / 1000).toFixed(2).padStart(7)} ${buf.slice(0, i).replace(/\x1b\[[0-9;]*m/g, '')}`); buf = buf.slice(i + 1); } };
  child.stdout.on('data', onData); child.stderr.on('data', onData);
  const code = await new Promise((r) => child.on('exit', r));
  const total = ((performance.now() - t0) / 1000).toFixed(1);
  await writeFile(path.join(work, `${label}.log`), lines.join('\n'));
  console.log(`${label}: exit ${code}, ${total} s, ${lines.filter((l) => /\(restored\)/.test(l)).length} restored, ${lines.filter((l) => /├─|└─/.test(l) && !/restored/.test(l)).length} rendered`);
}
try {
  if (!process.argv[2]) { await seedPocketBase({ pb }); await createPostsWithPictures(pb, 1000); }
  await build('cold');
  await build('warm');
  const [newest] = (await pb.collection('blogs').getList(1, 1, { sort: '-published_at', filter: 'published = true && published_at <= @now' })).items;
  await pb.collection('blogs').update(newest.id, { title: `${newest.title} (edited)` });
  await build('edit-newest');
} finally { await server.stop(); console.log('work', work); }
