/**
 * What keeping versions costs an editor's save: the same saves, as the admin UI sends them (the
 * whole record as JSON), against two PocketBases side by side, one with the project's hooks and
 * one without versions.pb.js, taking turns so that both see the same load. Each save changes the
 * title, or the body, of a post with a body of `--kb` KB, a banner and five pictures, so each
 * keeps a version (and, for the body, the body it replaced). A published post's saves run the
 * publish check, a draft's (`--draft`) do not: the versions' share shows better there.
 *
 * `node tools/bench/saveTime.ts [--saves 100] [--kb 100] [--draft]`
 */
import '../shared/env.ts'; // first: the Node check and the .env files, before anything reads them
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type PocketBase from 'pocketbase';
import { HOOKS_DIR } from '../local/pocketbase/command.ts';
import { startPocketBase } from '../local/pocketbase/serverProcess.ts';
import { superuserClient } from '../local/pocketbase/superuser.ts';

const superuser = { email: 'bench@ledgerwise.local', password: 'bench-only-password' };

const picture = async (name: string, hue: number) =>
  new File(
    [
      await sharp({
        create: { width: 1200, height: 630, channels: 3, background: { r: hue, g: 90, b: 140 } },
      })
        .jpeg()
        .toBuffer(),
    ],
    name,
    { type: 'image/jpeg' },
  );

/** A post as the admin UI holds it: created with its pictures, its body showing one of them. */
async function createPost(pb: PocketBase, kb: number, published: boolean) {
  const form = new FormData();
  form.set('title', 'Save time');
  form.set('published', String(published));
  form.set('banner_image', await picture('banner.jpg', 10));
  for (let i = 0; i < 5; i += 1) form.append('pictures', await picture(`p${i}.jpg`, 40 * i));
  const post = await pb.collection('blogs').create(form);
  const paragraph = `<p>${'Provisional tax and VAT, in plain words. '.repeat(24)}</p>`;
  const body = paragraph.repeat(Math.ceil((kb * 1024) / paragraph.length));
  const src = `/api/files/${post.collectionId}/${post.id}/${post.pictures[0]}`;
  return pb
    .collection('blogs')
    .update(post.id, { content: `<p>Edit 0.</p><p><img src="${src}"></p>${body}` });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]; // prettier-ignore

async function main() {
  const { values } = parseArgs({
    options: {
      saves: { type: 'string', default: '100' },
      kb: { type: 'string', default: '100' },
      draft: { type: 'boolean', default: false },
    },
  });
  const saves = Number(values.saves);
  const work = await mkdtemp(path.join(tmpdir(), 'lw-bench-save-'));
  const withoutVersions = path.join(work, 'hooks-without-versions');
  await cp(HOOKS_DIR, withoutVersions, {
    recursive: true,
    filter: (source) => path.basename(source) !== 'versions.pb.js',
  });
  const servers = await Promise.all([
    startPocketBase({ dataDir: path.join(work, 'with'), superuser }),
    startPocketBase({ dataDir: path.join(work, 'without'), hooksDir: withoutVersions, superuser }),
  ]);
  try {
    const sides = await Promise.all(
      servers.map(async (server, index) => {
        const pb = await superuserClient(server.url, superuser);
        return { name: index === 0 ? 'with versions' : 'without', pb, post: await createPost(pb, Number(values.kb), !values.draft), times: { title: [] as number[], body: [] as number[] } }; // prettier-ignore
      }),
    );
    for (let i = 0; i < saves; i += 1) {
      for (const side of i % 2 ? sides : [...sides].reverse()) {
        const kind = i % 2 ? 'body' : 'title';
        const change =
          kind === 'title'
            ? { title: `Save time ${i}` }
            : { content: side.post.content.replace(/^<p>Edit \d+\.<\/p>/, `<p>Edit ${i}.</p>`) };
        const started = performance.now();
        side.post = await side.pb.collection('blogs').update(side.post.id, { ...side.post, ...change }); // prettier-ignore
        side.times[kind].push(performance.now() - started);
      }
    }
    console.log(`${saves} saves each, a ${values.kb} KB body${values.draft ? ', a draft' : ''}, load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`); // prettier-ignore
    for (const side of sides) {
      const versions = await side.pb.collection('versions').getList(1, 1);
      for (const kind of ['title', 'body'] as const) {
        const times = side.times[kind];
        console.log(`  ${side.name.padEnd(14)} ${kind.padEnd(5)} median ${median(times).toFixed(1)} ms, p90 ${p90(times).toFixed(1)} ms`); // prettier-ignore
      }
      console.log(`  ${side.name.padEnd(14)} versions kept: ${versions.totalItems}`);
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await rm(work, { recursive: true, force: true });
  }
}

await main();
