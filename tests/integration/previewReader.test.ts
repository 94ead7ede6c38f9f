/**
 * The draft preview's account (`preview_readers`) against a real PocketBase with the project's
 * migrations and hooks: it reads every post, testimonial, topic and author, drafts and scheduled
 * posts included, behind the visitors' guard on back-relations; it writes nothing in any
 * collection, its own account included, and sees no account; it gets no realtime subscription and
 * no mail; a preview build reads with it, and a wrong login says which variables to fix. (That
 * anonymous clients learn nothing of it: pocketbasePrivacy.test.ts.)
 */
import PocketBase, { type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pocketBaseBlogsLoader } from '@/cms/blogs';
import { blogSchema } from '@/cms/schemas';
import { refusalOf, startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { createLoaderContext } from '../support/loaderContext';
import { POCKETBASE_LOADERS } from '../support/loaders';
import { connectRealtime } from '../support/realtime';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';

const READERS = 'preview_readers';
const CONTENT = ['blogs', 'testimonials', 'topics', 'authors'] as const;
const pocketBaseDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ');

let server: TestPocketBase;
let admin: PocketBase;
let reader: PocketBase;
let anonymous: PocketBase;
let smtp: SmtpSink;
/** Every record of the four collections, and those a visitor cannot see. */
const all = {} as Record<(typeof CONTENT)[number], string[]>;
let hidden: string[];

const client = () => {
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  return pb;
};
const ids = (records: RecordModel[]) => records.map((r) => r.id).sort();

beforeAll(async () => {
  // The limiter's login budget (2 in 3 s) is not under test here: contentLoaders.test.ts keeps a
  // preview within it.
  [server, smtp] = await Promise.all([startTestPocketBase({ rateLimits: false }), startSmtpSink()]);
  admin = await server.superuserClient();
  await admin.settings.update({ smtp: { enabled: true, host: '127.0.0.1', port: smtp.port } });
  const topic = (name: string) => admin.collection('topics').create({ name, slug: name });
  const author = (name: string) => admin.collection('authors').create({ name, slug: name });
  const [liveTopic, draftTopic, unusedTopic] = await Promise.all(
    ['live', 'draft-only', 'unused'].map(topic),
  );
  const [liveAuthor, draftAuthor] = await Promise.all(['thandi', 'sipho'].map(author));
  const blogs = admin.collection('blogs');
  await blogs.create({
    title: 'Live',
    published: true,
    published_at: '2025-01-01 00:00:00.000Z',
    topics: [liveTopic.id],
    authors: [liveAuthor.id],
  });
  const draft = await blogs.create({
    title: 'Draft',
    topics: [draftTopic.id],
    authors: [draftAuthor.id],
  });
  const scheduled = await blogs.create({
    title: 'Scheduled',
    published: true,
    published_at: pocketBaseDate(Date.now() + 7 * 86_400_000),
  });
  const testimonials = admin.collection('testimonials');
  await testimonials.create({ quote: 'Shown.', author: 'A', published: true });
  const unapproved = await testimonials.create({ quote: 'Not yet.', author: 'B' });
  for (const name of CONTENT) all[name] = ids(await admin.collection(name).getFullList());
  hidden = [draft, scheduled, draftTopic, unusedTopic, draftAuthor, unapproved].map((r) => r.id);

  reader = client();
  await reader
    .collection(READERS)
    .authWithPassword(server.previewReader.email, server.previewReader.password);
  anonymous = client();
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe('what the preview reader reads', () => {
  it('lists and views every post, testimonial, topic and author, drafts and scheduled posts included', async () => {
    const anonymousIds: string[] = [];
    for (const name of CONTENT) {
      expect(ids(await reader.collection(name).getFullList()), name).toEqual(all[name]);
      for (const id of all[name])
        expect((await reader.collection(name).getOne(id)).id, `${name}/${id}`).toBe(id);
      anonymousIds.push(...ids(await anonymous.collection(name).getFullList()));
    }
    // What it reads beyond a visitor is exactly what a visitor cannot see.
    expect(
      Object.values(all)
        .flat()
        .filter((id) => !anonymousIds.includes(id))
        .sort(),
    ).toEqual([...hidden].sort());
  });

  it('keeps the guard on back-relations: a filter or sort through `_via_` lists or views nothing', async () => {
    const topics = reader.collection('topics');
    expect(await topics.getFullList({ filter: 'name ~ "draft"' })).toHaveLength(1);
    expect(await topics.getFullList({ filter: 'blogs_via_topics.title ~ "Draft"' })).toEqual([]);
    expect(await topics.getFullList({ sort: 'blogs_via_topics.title' })).toEqual([]);
    const [id] = all.topics;
    const viewed = refusalOf(topics.getOne(id, { filter: 'blogs_via_topics.title ~ "x"' }));
    expect(await viewed).toMatchObject({ status: 404 });
  });

  it('reads with a preview build: the loaders get the drafts, the scheduled post, the unapproved testimonial, and the topics and authors only drafts have', async () => {
    const settings = {
      url: server.url,
      failOnError: true,
      preview: true,
      previewReader: server.previewReader,
    };
    for (const [loader, name, schema] of POCKETBASE_LOADERS) {
      const loaded = createLoaderContext(name, schema);
      await loader(settings).load(loaded.context);
      expect([...loaded.entries.keys()].sort(), name).toEqual(all[name]);
    }
  });

  it('fails a preview build with a wrong login, a superuser included, naming the variables', async () => {
    const load = (previewReader: { email: string; password: string }) =>
      pocketBaseBlogsLoader({
        url: server.url,
        failOnError: true,
        preview: true,
        previewReader,
      }).load(createLoaderContext('blogs', blogSchema).context);
    const { email, password } = server.previewReader;
    const wrong = `refused the preview's login (HTTP 400): no account ${email} of preview_readers`;
    await expect(load({ email, password: `${password}x` })).rejects.toThrow(wrong);
    await expect(load({ email, password: `${password}x` })).rejects.toThrow(
      'Check POCKETBASE_PREVIEW_EMAIL and POCKETBASE_PREVIEW_PASSWORD',
    );
    await expect(load(server.superuser)).rejects.toThrow(
      `no account ${server.superuser.email} of preview_readers`,
    );
  });
});

describe('what the preview reader cannot do', () => {
  it('creates, updates and deletes nothing in any collection, its own account included', async () => {
    const collections = (await admin.collections.getFullList()).filter((c) => c.type !== 'view');
    expect(collections.map((c) => c.name)).toEqual(expect.arrayContaining([...CONTENT, READERS]));
    const went = [];
    for (const { name } of collections) {
      if (!(await refusalOf(reader.collection(name).create({})))) went.push(`create ${name}`);
      const records = await admin.collection(name).getFullList();
      for (const record of records) {
        const { updated } = record;
        // What an account may change of itself when its update rule lets it: a field of its own.
        const change = { emailVisibility: true };
        if (!(await refusalOf(reader.collection(name).update(record.id, change))))
          went.push(`update ${name}/${record.id}`);
        if (!(await refusalOf(reader.collection(name).delete(record.id))))
          went.push(`delete ${name}/${record.id}`);
        const after = await refusalOf(admin.collection(name).getOne(record.id));
        if (after || (await admin.collection(name).getOne(record.id)).updated !== updated)
          went.push(`${name}/${record.id} changed or gone`);
      }
    }
    expect(went).toEqual([]);
    // Its own account was among them.
    expect(await admin.collection(READERS).getFullList()).toHaveLength(1);
  });

  it('lists and views no account, not even its own; nobody signs up', async () => {
    const self = reader.authStore.record!.id;
    expect(await refusalOf(reader.collection(READERS).getList())).toMatchObject({ status: 403 });
    expect(await refusalOf(reader.collection(READERS).getOne(self))).toMatchObject({ status: 403 });
    expect(await refusalOf(reader.collection('_superusers').getList())).toMatchObject({
      status: 403,
    });
    const signUp = {
      email: 'new@test.local',
      password: 'q'.repeat(30),
      passwordConfirm: 'q'.repeat(30),
    };
    expect(await refusalOf(anonymous.collection(READERS).create(signUp))).toMatchObject({
      status: 403,
    });
  });

  it('gets no realtime subscription', async () => {
    const realtime = await connectRealtime(server.url, reader.authStore.token);
    try {
      await expect(realtime.subscribe(['blogs/*'])).rejects.toThrow(
        /403 .*Realtime subscriptions are for signed-in editors/,
      );
    } finally {
      realtime.close();
    }
  });

  it('signs in with a password only, and nothing sends it mail', async () => {
    const methods = await anonymous.collection(READERS).listAuthMethods();
    expect(methods).toMatchObject({
      password: { enabled: true, identityFields: ['email'] },
      oauth2: { enabled: false },
      otp: { enabled: false },
      mfa: { enabled: false },
    });
    const { email } = server.previewReader;
    const readers = anonymous.collection(READERS);
    // Answered as for an address PocketBase does not know.
    expect(await readers.requestPasswordReset(email)).toBe(true);
    expect(await readers.requestVerification(email)).toBe(true);
    expect(await refusalOf(readers.requestOTP(email))).toMatchObject({ status: 403 });
    expect(
      await refusalOf(reader.collection(READERS).requestEmailChange('new@test.local')),
    ).toMatchObject({ status: 403 });
    // The mail a superuser's reset sends arrives; nothing was sent before it.
    await anonymous.collection('_superusers').requestPasswordReset(server.superuser.email);
    await expect.poll(() => smtp.recipients, { timeout: 10_000 }).toContain(server.superuser.email);
    expect(smtp.recipients).toEqual([server.superuser.email]);
  });
});
