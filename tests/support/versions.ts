/**
 * Versions as the admin UI meets them, for the tests of pb_hooks/versions.pb.js: a record's
 * versions newest first, putting one back, a post with pictures, and what PocketBase serves.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { pngBlob } from './pictures';

export const picture = async (name: string, red: number) =>
  new File([await pngBlob(40, 30, { r: red, g: 80, b: 120 })], name, { type: 'image/png' });

/** A record's versions, newest first, as the admin UI lists them. */
export const versionsOf = (client: PocketBase, id: string) =>
  client
    .collection('versions')
    .getFullList({ filter: client.filter('record = {:id}', { id }), sort: '-@rowid' });

/** The bytes PocketBase serves at a record's file address (a token for protected files). */
export async function served(client: PocketBase, record: RecordModel, name: string) {
  const token = await client.files.getToken();
  const response = await fetch(client.files.getURL(record, name, { token }));
  return response.ok ? Buffer.from(await response.arrayBuffer()) : response.status;
}

/** Puts a version back as the admin UI does: the whole record sent back, `put_back` ticked. */
export const putBack = (client: PocketBase, version: RecordModel) =>
  client.collection('versions').update(version.id, { ...version, put_back: true });

/** A published post with a banner and a picture its body shows. */
export async function createPost(client: PocketBase, title: string) {
  const form = new FormData();
  form.set('title', title);
  form.set('published', 'true');
  form.set('banner_image', await picture('banner.png', 200));
  form.append('pictures', await picture('chart.png', 10));
  form.append('pictures', await picture('table.png', 90));
  const post = await client.collection('blogs').create(form);
  const src = `/api/files/${post.collectionId}/${post.id}/${post.pictures[0]}`;
  return client
    .collection('blogs')
    .update(post.id, { content: `<p>Opening.</p><p><img src="${src}" alt="Chart"></p>` });
}
