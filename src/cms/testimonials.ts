/**
 * The `testimonials` collection's loader: PocketBase's published testimonials (every one in a
 * draft preview), their avatars localised; the three samples when there are none or PocketBase
 * cannot be read (a testimonial never fails a build).
 */
import type { LoaderContext } from 'astro/loaders';
import type { RecordModel } from 'pocketbase';
import { SAMPLE_TESTIMONIALS } from '@/data/testimonials';
import { connect, fetchAllRecords } from './client';
import { describeError } from './errors';
import { pocketBaseLoader, type LoaderSettings } from './loaderOptions';
import type { BlogLoad } from './blogs';
import { openImageCache } from './images/imageCache';
import { writeImageManifest } from './images/manifest';
import { fetchRecordPicture } from './images/recordPicture';
import { invalidRecordWarning, setContentWarnings } from './warnings';
import { testimonialRecordSchema, type TestimonialData } from './schemas';

const TESTIMONIALS_LOADER_NAME = 'ledgerwise-pocketbase-testimonials';

interface TestimonialEntry {
  id: string;
  data: TestimonialData;
}

function sampleTestimonials(): TestimonialEntry[] {
  return SAMPLE_TESTIMONIALS.map((sample, index) => ({
    id: `sample-${index + 1}`,
    data: {
      ...sample,
      draft: false,
      order: index,
    },
  }));
}

/** One testimonial record: validated, checked against the public rule, its avatar localised. */
async function loadTestimonialEntry(
  raw: RecordModel,
  index: number,
  { pb, settings, images, context }: Omit<BlogLoad, 'now'>,
  warnings: string[],
): Promise<TestimonialEntry | undefined> {
  const parsed = testimonialRecordSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const record = parsed.data;
  if (!settings.preview && !record.published) {
    throw new Error(
      `the public API returned the unpublished testimonial ${record.id}: its API rules must be ` +
        '`published = true` (pocketbase/pb_migrations)',
    );
  }
  const avatar = await fetchRecordPicture(images, pb, raw, record.avatar, (problem) => {
    const warning = `Testimonial by "${record.author}" (${record.id}): avatar could not be downloaded, using the default image: ${problem}`;
    warnings.push(warning);
    context.logger.warn(warning);
  });
  return {
    id: record.id,
    data: {
      quote: record.quote,
      author: record.author,
      position: record.position,
      company: record.company,
      ...(avatar ? { avatar: avatar.file } : {}),
      draft: !record.published,
      order: index,
    },
  };
}

async function loadTestimonials(context: LoaderContext, settings: LoaderSettings) {
  const { store, logger, parseData } = context;
  const images = openImageCache(context, settings);
  let entries: TestimonialEntry[] = [];
  const warnings: string[] = [];
  try {
    const pb = await connect(settings);
    const records = await fetchAllRecords(pb, 'testimonials');
    const valid = records.filter((raw) => {
      const parsed = testimonialRecordSchema.safeParse(raw);
      if (!parsed.success) {
        warnings.push(invalidRecordWarning('Testimonial', raw, parsed.error));
        logger.warn(warnings.at(-1)!);
      }
      return parsed.success;
    });
    const load = { pb, settings, images, context };
    const loaded = await Promise.all(
      valid.map((raw, index) => loadTestimonialEntry(raw, index, load, warnings)),
    );
    entries = loaded.filter((entry): entry is TestimonialEntry => entry !== undefined);
    if (entries.length === 0)
      logger.info('No testimonials in PocketBase: showing the three samples');
  } catch (error) {
    const where = settings.url ? `${settings.url}: ` : '';
    logger.warn(
      `Failed to fetch testimonials: ${where}${describeError(error)}; showing the three samples`,
    );
    entries = [];
  }
  if (entries.length === 0) entries = sampleTestimonials();
  setContentWarnings('testimonials', warnings);

  store.clear();
  for (const { id, data } of entries) store.set({ id, data: await parseData({ id, data }) });
  await writeImageManifest(
    images.dir,
    context.collection,
    entries.flatMap(({ data }) => (data.avatar ? [data.avatar] : [])),
  );
}

/** The `testimonials` collection: PocketBase's, or the three samples when it has none or fails. */
export const pocketBaseTestimonialsLoader = pocketBaseLoader(
  TESTIMONIALS_LOADER_NAME,
  loadTestimonials,
);
