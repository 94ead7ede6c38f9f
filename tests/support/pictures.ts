/** Plain pictures for tests, made by sharp (the site's own image library), and their removal. */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { RecordModel } from 'pocketbase';
import type { TestPocketBase } from './pocketbase';

type Colour = { r: number; g: number; b: number };

/** A PNG of one colour. sharp is loaded on first use: specs that make none never load it. */
export async function pngBuffer(
  width: number,
  height: number,
  background: Colour = { r: 20, g: 80, b: 160 },
): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** The same PNG as a file to upload to PocketBase. */
export async function pngBlob(width: number, height: number, background?: Colour): Promise<Blob> {
  const bytes = new Uint8Array(await pngBuffer(width, height, background));
  return new Blob([bytes], { type: 'image/png' });
}

/** Deletes a record's stored files on disk, so downloading them answers 404. */
export async function deleteStoredFiles(server: TestPocketBase, record: RecordModel) {
  const dir = path.join(server.dataDir, 'storage', record.collectionId, record.id);
  for (const name of await readdir(dir)) await rm(path.join(dir, name), { recursive: true });
}
