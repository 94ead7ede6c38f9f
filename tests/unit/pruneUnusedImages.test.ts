import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pruneUnusedImages } from '../../src/integrations/pruneUnusedImages.mjs';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('pruneUnusedImages', () => {
  it('removes the images of _astro that no page, stylesheet, script or feed names, and keeps the rest', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'lw-prune-'));
    dirs.push(out);
    await mkdir(path.join(out, '_astro'));
    await mkdir(path.join(out, 'blog'));
    const files = {
      'page.webp': 'x',
      'srcset.webp': 'x',
      'style.webp': 'x',
      'feed.webp': 'x',
      'original.jpg': 'xxxx',
      'unused.png': 'xx',
      'island.js': 'x',
    };
    for (const [name, body] of Object.entries(files))
      await writeFile(path.join(out, '_astro', name), body);
    await writeFile(
      path.join(out, 'blog', 'post.html'),
      '<img src="/_astro/page.webp" srcset="/_astro/srcset.webp 400w, /_astro/page.webp 800w">',
    );
    await writeFile(path.join(out, '_astro', 'site.css'), '.a{background:url(/_astro/style.webp)}');
    await writeFile(path.join(out, 'rss.xml'), '<url>https://x.example/_astro/feed.webp</url>');

    const { removed, bytes } = await pruneUnusedImages(out);
    expect(removed.sort()).toEqual(['original.jpg', 'unused.png']);
    expect(bytes).toBe(6);
    for (const name of ['page.webp', 'srcset.webp', 'style.webp', 'feed.webp', 'island.js'])
      expect(existsSync(path.join(out, '_astro', name)), name).toBe(true);
    expect(existsSync(path.join(out, '_astro', 'original.jpg'))).toBe(false);
  });

  it('does nothing for a site without _astro', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'lw-prune-'));
    dirs.push(out);
    expect(await pruneUnusedImages(out)).toEqual({ removed: [], bytes: 0 });
  });
});
