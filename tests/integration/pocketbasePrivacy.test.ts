/**
 * The privacy property, against a real PocketBase with the project's migrations: whatever an
 * anonymous client asks (a filter, a sort or an expand through any relation, back-relation or
 * @collection reference, one or two hops deep, or a realtime subscription with such a filter),
 * the answer is the same whether the word it looks for is held by a hidden record or by nobody,
 * and whether hidden records sort first or last. Hidden: a draft dated in the past, a scheduled
 * post, a topic and an author only those two have, a topic and an author on no post, an
 * unpublished testimonial, and the draft preview's account, of which nothing is readable at all:
 * not listed, viewed or heard of in realtime, and an account request (a password reset, a
 * verification, a one-time password) answered alike for its address and one nobody holds. Nor is
 * anything of a version (pb_hooks/versions.pb.js): of the drafts, of a live post, of a testimonial,
 * and of a post deleted because it must not be public, with the pictures they keep, whose file
 * addresses answer as for a file nobody has, thumbnails and the preview's account included. The
 * paths come from PocketBase's own schema (read as the superuser),
 * so a relation or a collection added later is walked without touching this test; its records
 * join the fixture only if added below.
 */
import PocketBase from 'pocketbase';
import type { CollectionField, CollectionModel, RecordModel } from 'pocketbase';
import pLimit from 'p-limit';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { connectRealtime, realtimeTopic, type RealtimeEvent } from '../support/realtime';
import { pngBlob } from '../support/pictures';

/** The collections whose records have a visibility rule; the rest are in scope through relations. */
const PRIVATE = ['blogs', 'testimonials'];
/** Auth collections no visitor may read anything of: the draft preview's accounts. */
const ACCOUNTS = ['preview_readers'];
/** Collections no visitor may read anything of, made by the hooks: the versions. */
const KEPT = ['versions'];
const SECRET = 'zqxhidden';
const NOBODY = 'zqxnobody';
/** An id and a date no record holds. */
const NO_ID = 'zzzzzzzzzzzzzzz';
const NO_DATE = '1999-09-09 09:09:09.000Z';
const TEXT_TYPES = ['text', 'editor', 'email', 'url', 'file', 'json'];
const SORTABLE_TYPES = ['text', 'editor', 'date'];
const pocketBaseDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
const LIVE_DATES = ['2024-05-05 05:05:05.000Z', '2024-06-06 06:06:06.000Z'];

let server: TestPocketBase;
let admin: PocketBase;
let collections: CollectionModel[];
/** Hidden records by collection name, as the admin reads them now. */
const hidden = new Map<string, RecordModel[]>();
/** Ids of records deleted because they must not be public, which their versions hold. */
const gone: string[] = [];
let visible: Record<'blogs' | 'topics' | 'authors' | 'testimonials', RecordModel[]>;

type Phase = 'low' | 'high';
/** The hidden records' sortable values: before every visible one, or after. */
const HIDDEN_DATES: Record<Phase, { draft: string; scheduled: () => string }> = {
  low: {
    draft: '1990-01-01 00:00:00.000Z',
    scheduled: () => pocketBaseDate(Date.now() + 2 * 864e5),
  },
  high: { draft: '2990-01-01 00:00:00.000Z', scheduled: () => '2990-06-01 00:00:00.000Z' },
};

const byName = (name: string) => collections.find((c) => c.name === name)!;
const byId = (id: string) => collections.find((c) => c.id === id)!;
const relationFields = (c: CollectionModel) => c.fields.filter((f) => f.type === 'relation');

/** Every text-like field of a collection holding `words` (dashed where a pattern wants a slug). */
function texts(collection: string, words: string): Record<string, string> {
  const fields = byName(collection).fields.filter(
    (f) => !f.system && ['text', 'editor'].includes(f.type),
  );
  return Object.fromEntries(
    fields.map((f: CollectionField) => {
      if (f.type === 'editor') return [f.name, `<p>${words}</p>`];
      return [f.name, f.pattern ? words.replaceAll(' ', '-') : words];
    }),
  );
}

/** Every file field of a collection holding one picture named after `words`. */
async function files(collection: string, words: string): Promise<Record<string, unknown>> {
  const fields = byName(collection).fields.filter((f) => f.type === 'file');
  const picture = async () => new File([await pngBlob(8, 8)], `${words.replaceAll(' ', '-')}.png`);
  return Object.fromEntries(
    await Promise.all(
      fields.map(async (f) => [f.name, f.maxSelect > 1 ? [await picture()] : await picture()]),
    ),
  );
}

/** A record whose every text and file holds `words`, and `data` besides. */
async function create(collection: string, words: string, data: Record<string, unknown> = {}) {
  const pictures = await files(collection, words);
  return admin.collection(collection).create({ ...texts(collection, words), ...pictures, ...data });
}

/** Sets the hidden records' text and dates for a phase and reads them back. */
async function setPhase(phase: Phase) {
  const prefix = phase === 'low' ? 'aaa' : 'zzz';
  for (const [collection, records] of hidden) {
    // A version is not edited: each save of a hidden record keeps one more.
    if (KEPT.includes(collection)) continue;
    const updated = [];
    for (const [index, record] of records.entries()) {
      const dates =
        collection !== 'blogs'
          ? {}
          : {
              published_at: record.published
                ? HIDDEN_DATES[phase].scheduled()
                : HIDDEN_DATES[phase].draft,
            };
      const words = `${prefix} ${SECRET} ${collection} ${index}`;
      updated.push(
        await admin
          .collection(collection)
          .update(record.id, { ...texts(collection, words), ...dates }),
      );
    }
    hidden.set(collection, updated);
  }
}

beforeAll(async () => {
  // Without PocketBase's rate limiter: the probes ask thousands of questions from one address.
  // Without the hook that keeps realtime for editors, so the probe reaches the rules behind it.
  server = await startTestPocketBase({ rateLimits: false, withoutHooks: ['realtime.pb.js'] });
  admin = await server.superuserClient();
  collections = await admin.collections.getFullList();

  // Two of each visible record, so an order that depended on hidden records would show.
  const topics = [await create('topics', 'public payroll'), await create('topics', 'public vat')];
  const authors = [
    await create('authors', 'public thandi'),
    await create('authors', 'public sipho'),
  ];
  const hiddenTopics = [
    await create('topics', `${SECRET} only hidden`),
    await create('topics', `${SECRET} unused`),
  ];
  const hiddenAuthors = [
    await create('authors', `${SECRET} only hidden`),
    await create('authors', `${SECRET} unused`),
  ];
  const posts = [];
  for (const [index, words] of ['public live one', 'public live two'].entries()) {
    posts.push(
      await create('blogs', words, {
        published: true,
        published_at: LIVE_DATES[index],
        topics: [topics[index].id],
        authors: [authors[index].id],
      }),
    );
  }
  // The topic and author they alone have are held by a published post dated ahead and an
  // unpublished post dated in the past: no single live post, so they stay hidden.
  const draft = await create('blogs', `${SECRET} draft`, {
    published: false,
    published_at: HIDDEN_DATES.low.draft,
    topics: [topics[0].id, hiddenTopics[0].id],
    authors: [authors[0].id, hiddenAuthors[0].id],
  });
  const scheduled = await create('blogs', `${SECRET} scheduled`, {
    published: true,
    published_at: HIDDEN_DATES.low.scheduled(),
    topics: [hiddenTopics[0].id],
    authors: [hiddenAuthors[0].id],
  });
  const testimonials = [
    await create('testimonials', 'public praise', { published: true }),
    await create('testimonials', 'public thanks', { published: true }),
  ];
  const secretTestimonial = await create('testimonials', `${SECRET} praise`, { published: false });
  visible = { blogs: posts, topics, authors, testimonials };
  hidden.set('blogs', [draft, scheduled]);
  hidden.set('topics', hiddenTopics);
  hidden.set('authors', hiddenAuthors);
  hidden.set('testimonials', [secretTestimonial]);
  const password = `${SECRET}-password-long-enough`;
  const account = await create('preview_readers', SECRET, {
    email: `${SECRET}-preview@test.local`,
    password,
    passwordConfirm: password,
  });
  hidden.set('preview_readers', [account]);
  // A live post whose banner and words were changed, then deleted: it must not be public.
  const withdrawn = await create('blogs', `${SECRET} withdrawn`, {
    published: true,
    published_at: LIVE_DATES[0],
  });
  await admin.collection('blogs').update(withdrawn.id, { banner_alt: 'changed', ...(await files('blogs', `${SECRET} second`)) }); // prettier-ignore
  await admin.collection('blogs').delete(withdrawn.id);
  gone.push(withdrawn.id);
  // A version of a live post too: that a version exists is nobody's business either.
  await admin.collection('blogs').update(posts[1].id, { featured: true });
  await setPhase('low');
  hidden.set('versions', await admin.collection('versions').getFullList());
});
afterAll(() => server?.stop());

/** The collections a visitor may reach hidden records from: the private ones and their relatives. */
function scope(): CollectionModel[] {
  const privateIds = PRIVATE.map((name) => byName(name).id);
  return collections.filter(
    (c) =>
      PRIVATE.includes(c.name) ||
      ACCOUNTS.includes(c.name) ||
      KEPT.includes(c.name) ||
      relationFields(c).some((f) => privateIds.includes(f.collectionId)) ||
      collections.some((d) =>
        relationFields(d).some((f) => f.collectionId === c.id && PRIVATE.includes(d.name)),
      ),
  );
}

/** One hop from a collection: its relation fields and the back-relations that point at it. */
function hops(c: CollectionModel): { name: string; to: CollectionModel }[] {
  return [
    ...relationFields(c).map((f) => ({ name: f.name, to: byId(f.collectionId) })),
    ...collections.flatMap((d) =>
      relationFields(d)
        .filter((f) => f.collectionId === c.id)
        .map((f) => ({ name: `${d.name}_via_${f.name}`, to: d })),
    ),
  ];
}

/** Every path of zero, one and two hops from a collection ("" is the collection itself). */
function paths(
  root: CollectionModel,
): { prefix: string; at: CollectionModel; expandable: boolean }[] {
  const first = [
    ...hops(root).map((h) => ({ prefix: `${h.name}.`, at: h.to, expandable: true })),
    ...scope().map((c) => ({ prefix: `@collection.${c.name}.`, at: c, expandable: false })),
  ];
  return [
    { prefix: '', at: root, expandable: false },
    ...first.flatMap((one) => [
      one,
      ...hops(one.at).map((h) => ({
        prefix: `${one.prefix}${h.name}.`,
        at: h.to,
        expandable: one.expandable,
      })),
    ]),
  ];
}

/**
 * The comparisons a filter can make through a to-many path: "any record" (`?`) and "every record",
 * each also negated. PocketBase checks joined records against their collection's list rule, but
 * not in the subquery behind an "every record" condition.
 */
const CONTAINS = ['?~', '~', '?!~', '!~'];
const EQUALS = ['?=', '=', '?!=', '!='];

/** The fields of a collection a filter can ask about, each with values only hidden records hold. */
function probes(
  c: CollectionModel,
): { field: string; ops: string[]; values: string[]; nobody: string }[] {
  const records = hidden.get(c.name) ?? [];
  const ids = (name: string) => (hidden.get(name) ?? []).map((r) => r.id);
  return [
    { field: 'id', ops: EQUALS, values: ids(c.name), nobody: NO_ID },
    // The system id is asked above, by the hidden records' ids; an account's email is asked too.
    ...c.fields.flatMap((f) => {
      if (f.system && !(c.type === 'auth' && f.name === 'email')) return [];
      if (TEXT_TYPES.includes(f.type))
        return [{ field: f.name, ops: CONTAINS, values: [SECRET], nobody: NOBODY }];
      if (f.type === 'date')
        return [
          { field: f.name, ops: EQUALS, values: records.map((r) => r[f.name]), nobody: NO_DATE },
        ];
      if (f.type === 'relation')
        return [
          {
            field: f.name,
            ops: CONTAINS,
            values: ids(byId(f.collectionId).name),
            nobody: NO_ID,
          },
        ];
      // A bool, number, select or json value is never held by hidden records alone; the paths to
      // these fields are the paths probed through the others.
      return [];
    }),
  ];
}

const roots = () => scope().filter((c) => c.listRule !== null);

/**
 * Every filter the probes make, on each collection a visitor may read: through each path, a field,
 * an operator and a value only hidden records hold, and the same filter with a value nobody holds.
 */
function filterChecks(): { root: string; secret: string; nobody: string }[] {
  return roots().flatMap((root) =>
    paths(root).flatMap(({ prefix, at }) =>
      probes(at).flatMap(({ field, ops, values, nobody }) =>
        ops.flatMap((op) =>
          values.map((value) => ({
            root: root.name,
            secret: `${prefix}${field} ${op} "${value}"`,
            nobody: `${prefix}${field} ${op} "${nobody}"`,
          })),
        ),
      ),
    ),
  );
}

/** An anonymous request's status and whole answer. */
async function ask(path: string, params: [string, string][] = []) {
  const url = `${server.url}/api/collections/${path}?${new URLSearchParams(params)}`;
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

/** Anything of a hidden record in an answer: its words, its id. */
function leaked(answer: unknown): boolean {
  const text = JSON.stringify(answer);
  return [SECRET, ...gone, ...[...hidden.values()].flat().map((r) => r.id)].some((t) =>
    text.includes(t),
  );
}

// PocketBase holds an anonymous filtered list that finds nothing back by up to 0.5 s once an
// address has asked 3 such in 3 s (against timing attacks), and most probes are such: they wait
// side by side.
const limit = pLimit(64);

/** PocketBase's limit on one realtime client's subscriptions. */
const SUBSCRIPTIONS_PER_CLIENT = 1000;
/** The anonymous realtime connections an address may hold (pocketbase/realtime.go). */
const CLIENTS_PER_ADDRESS = 4;
/** Under the largest body an anonymous client may send (pocketbase/writes.go), 64 KB. */
const SUBSCRIBE_BODY_BYTES = 60_000;
const recordId = (event: RealtimeEvent) => (event.data as { record: RecordModel }).record.id;
const total = (clients: { events: unknown[] }[]) =>
  clients.reduce((sum, client) => sum + client.events.length, 0);

describe('what an anonymous client can learn of hidden records', () => {
  it('lists the live records, and only them', async () => {
    for (const [name, records] of Object.entries(visible)) {
      const { status, body } = await ask(`${name}/records`, [['sort', 'created']]);
      expect(status, name).toBe(200);
      expect(
        body.items.map((r: RecordModel) => r.id),
        name,
      ).toEqual(records.map((r) => r.id));
    }
  });

  it('answers a filter through any path alike for a value only hidden records hold and for one nobody holds', async () => {
    const checks = filterChecks();
    expect(checks.length).toBeGreaterThan(100);
    const leaks = (
      await Promise.all(
        checks.map(({ root, secret, nobody }) =>
          limit(async () => {
            const path = `${root}/records`;
            // The filter alone, and repeated after an innocent one (PocketBase reads the first).
            for (const extra of [[], [['filter', 'id != ""']]] as [string, string][][]) {
              const held = await ask(path, [['filter', secret], ...extra]);
              const none = await ask(path, [['filter', nobody], ...extra]);
              if (leaked(held) || JSON.stringify(held) !== JSON.stringify(none))
                return `${root}?filter=${secret}${extra.length ? ' (repeated)' : ''}: ${held.status} ${JSON.stringify(held.body.items?.map((r: RecordModel) => r.id))} vs ${none.status} ${JSON.stringify(none.body.items?.map((r: RecordModel) => r.id))}`;
            }
            return undefined;
          }),
        ),
      )
    ).filter(Boolean);
    expect(leaks).toEqual([]);
  });

  it('lists nothing of an account or a version, and answers a view of a hidden record as of a record that does not exist', async () => {
    expect(hidden.get('versions')!.length).toBeGreaterThan(5);
    for (const name of [...ACCOUNTS, ...KEPT]) {
      const answer = await ask(`${name}/records`);
      expect(answer.status, name).toBe(403);
      expect(leaked(answer), name).toBe(false);
    }
    for (const root of scope()) {
      const none = await ask(`${root.name}/records/${NO_ID}`);
      for (const record of hidden.get(root.name) ?? []) {
        expect(await ask(`${root.name}/records/${record.id}`), `${root.name}/${record.id}`).toEqual(
          none,
        );
      }
    }
  });

  it("serves no file a version keeps, nor its thumbnail, as for a file nobody has, to the preview's account too; nor a deleted post's", async () => {
    const file = async (path: string, token = '') => {
      const response = await fetch(`${server.url}/api/files/${path}${token}`);
      return { status: response.status, body: await response.text() };
    };
    const reader = new PocketBase(server.url);
    await reader
      .collection('preview_readers')
      .authWithPassword(server.previewReader.email, server.previewReader.password);
    const queries = [
      '',
      '?thumb=100x100',
      '?download=1',
      `?token=${await reader.files.getToken()}`,
    ];
    const versions = hidden.get('versions')!.filter((version) => version.files.length > 0);
    expect(versions.length).toBeGreaterThan(1);
    for (const version of versions) {
      for (const name of version.files) {
        for (const query of queries) {
          const held = await file(`${version.collectionId}/${version.id}/${name}`, query);
          const none = await file(`${version.collectionId}/${version.id}/${NOBODY}.png`, query);
          expect(held, `${name}${query}`).toEqual(none);
          expect(leaked(held)).toBe(false);
        }
        // The addresses are right: a superuser's file token gets the file.
        const token = `?token=${await admin.files.getToken()}`;
        expect((await file(`${version.collectionId}/${version.id}/${name}`, token)).status).toBe(
          200,
        );
      }
    }
    // The deleted post's own file addresses are gone with it.
    const deleted = versions.find((version) => version.deleted)!;
    for (const name of [deleted.data.banner_image, ...deleted.data.pictures])
      expect(await file(`${byName('blogs').id}/${deleted.record}/${name}`)).toEqual(
        await file(`${byName('blogs').id}/${deleted.record}/${NOBODY}.png`),
      );
  });

  it("answers an account request alike for an account's address and for one nobody holds", async () => {
    const post = async (path: string, body: Record<string, string>) => {
      const response = await fetch(`${server.url}/api/collections/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.text() };
    };
    for (const name of ACCOUNTS) {
      for (const { email } of hidden.get(name)!) {
        const nobody = `${NOBODY}@test.local`;
        for (const [path, body] of [
          ['request-password-reset', (address: string) => ({ email: address })],
          ['request-verification', (address: string) => ({ email: address })],
          ['request-otp', (address: string) => ({ email: address })],
          ['auth-with-password', (address: string) => ({ identity: address, password: 'wrong' })],
        ] as const) {
          const held = await post(`${name}/${path}`, body(email));
          expect(held, `${name}/${path}`).toEqual(await post(`${name}/${path}`, body(nobody)));
          expect(leaked(held)).toBe(false);
        }
      }
    }
  });

  it('answers a sort or an expand through any path alike whether hidden records sort first or last', async () => {
    const queries = roots().flatMap((root) =>
      paths(root).flatMap(({ prefix, at, expandable }) => [
        ...at.fields
          .filter((f) => SORTABLE_TYPES.includes(f.type))
          .flatMap((f) => [`${prefix}${f.name}`, `-${prefix}${f.name}`])
          .map((sort) => ({ root: root.name, params: [['sort', sort]] as [string, string][] })),
        ...(expandable
          ? [{ root: root.name, params: [['expand', prefix.slice(0, -1)]] as [string, string][] }]
          : []),
      ]),
    );
    expect(queries.length).toBeGreaterThan(100);
    const answers = async () =>
      Promise.all(queries.map(({ root, params }) => limit(() => ask(`${root}/records`, params))));
    const low = await answers();
    await setPhase('high');
    const high = await answers();
    await setPhase('low');
    const leaks = queries.flatMap(({ root, params }, index) =>
      leaked(low[index]) || JSON.stringify(low[index]) !== JSON.stringify(high[index])
        ? [
            `${root}?${new URLSearchParams(params)}: ${JSON.stringify(low[index].body.items?.map((r: RecordModel) => r.id))} vs ${JSON.stringify(high[index].body.items?.map((r: RecordModel) => r.id))}`,
          ]
        : [],
    );
    expect(leaks).toEqual([]);
  });

  it("sends an anonymous subscriber the same events of an editor's saves for a filter on a value only hidden records hold as on one nobody holds", async () => {
    const records = new Map(
      roots().map((root) => [
        root.name,
        [...(visible[root.name as keyof typeof visible] ?? []), ...(hidden.get(root.name) ?? [])],
      ]),
    );
    // A subscription to a collection is checked against its list rule, one to a record against
    // its view rule.
    const topics = (root: string) => [
      `${root}/*`,
      ...records.get(root)!.map((record) => `${root}/${record.id}`),
    ];
    // A version is reached from a readable collection by `@collection` alone (no relation), which
    // the filter test above finds refused; here, the rest fits the connections an address may hold.
    const reachable = filterChecks().filter(
      ({ secret }) => !KEPT.some((name) => secret.includes(`@collection.${name}.`)),
    );
    const pairs = reachable.flatMap(({ root, secret, nobody }) =>
      topics(root).map((topic) => ({
        secret: realtimeTopic(topic, { filter: secret }),
        nobody: realtimeTopic(topic, { filter: nobody }),
      })),
    );
    const expands = roots().flatMap((root) =>
      paths(root)
        .filter(({ expandable }) => expandable)
        .flatMap(({ prefix }) =>
          topics(root.name).map((topic) => realtimeTopic(topic, { expand: prefix.slice(0, -1) })),
        ),
    );
    // Every client also hears each collection unfiltered, to know when every save has reached it.
    const plain = roots().map((root) => `${root.name}/*`);
    // An account or a version is heard of by nobody, as a collection or one by one; editors save
    // accounts too, and their saves keep and put back versions.
    const accounts = [...ACCOUNTS, ...KEPT].flatMap((name) => [
      `${name}/*`,
      ...hidden.get(name)!.map((record) => `${name}/${record.id}`),
    ]);
    for (const name of ACCOUNTS) records.set(name, hidden.get(name)!);
    // Two values nobody holds can be one filter: each subscription once, so on one client only.
    const probing = [
      ...new Set([
        ...pairs.flatMap(({ secret, nobody }) => [secret, nobody]),
        ...expands,
        ...accounts,
      ]),
    ];
    // Each client's subscriptions within PocketBase's count and the body limit.
    const batches: string[][] = [];
    let batch: string[] = [];
    for (const topic of probing) {
      const bytes = JSON.stringify([...plain, ...batch, topic]).length + 100;
      if (batch.length + plain.length >= SUBSCRIPTIONS_PER_CLIENT || bytes > SUBSCRIBE_BODY_BYTES) {
        batches.push(batch);
        batch = [];
      }
      batch.push(topic);
    }
    batches.push(batch);
    const live = Object.values(visible).flatMap((list) => list.map((record) => record.id));
    const [draft] = hidden.get('blogs')!;
    /** Every event a round of clients hears of the same saves, from one address. */
    const listen = async (round: string[][], address: string) => {
      const clients = await Promise.all(
        round.map(async (batch) => {
          const client = await connectRealtime(server.url, undefined, address);
          await client.subscribe([...plain, ...batch]);
          return client;
        }),
      );
      try {
        // An editor's save that changes nothing: whether a subscriber hears of it is up to the
        // rules and the filter alone.
        for (const [name, list] of records)
          for (const record of list) await admin.collection(name).update(record.id, {});
        // An edit of the draft keeps a version, which is put back.
        await admin.collection('blogs').update(draft.id, { excerpt: `${SECRET} heard` });
        const [kept] = (await admin.collection('versions').getList(1, 1, { sort: '-@rowid' }))
          .items;
        expect(kept.record).toBe(draft.id);
        await admin.collection('versions').update(kept.id, { put_back: true });
        const heard = (client: (typeof clients)[number]) =>
          new Set(client.events.filter((e) => plain.includes(e.topic)).map(recordId));
        await vi.waitFor(
          () =>
            expect(clients.every((client) => live.every((id) => heard(client).has(id)))).toBe(true),
          { timeout: 30_000, interval: 100 },
        );
        // Each save has sent its events on their way before it answered: wait until none is
        // still arriving.
        let count;
        do {
          count = total(clients);
          await sleep(300);
        } while (count !== total(clients));
        return clients.flatMap((client) => client.events);
      } finally {
        for (const client of clients) client.close();
      }
    };
    // An address holds at most 4 anonymous connections (pocketbase/realtime.go): the clients
    // listen in rounds, each round from an address of its own, as that many visitors would, to
    // the same saves.
    const events: RealtimeEvent[] = [];
    for (let start = 0; start < batches.length; start += CLIENTS_PER_ADDRESS) {
      const address = `127.0.0.${2 + start / CLIENTS_PER_ADDRESS}`;
      events.push(...(await listen(batches.slice(start, start + CLIENTS_PER_ADDRESS), address)));
    }
    const received = new Map<string, string[]>();
    for (const event of events)
      received.set(event.topic, [...(received.get(event.topic) ?? []), recordId(event)].sort());
    const leaks = [
      ...events
        .filter((event) => leaked(event.data))
        .map((event) => `${decodeURIComponent(event.topic)}: ${JSON.stringify(event.data)}`),
      ...pairs
        .filter(
          ({ secret, nobody }) =>
            JSON.stringify(received.get(secret) ?? []) !==
            JSON.stringify(received.get(nobody) ?? []),
        )
        .map(
          ({ secret, nobody }) =>
            `${decodeURIComponent(secret)}: ${JSON.stringify(received.get(secret) ?? [])} vs ${JSON.stringify(received.get(nobody) ?? [])}`,
        ),
    ];
    expect(leaks).toEqual([]);
    expect(accounts.filter((topic) => received.has(topic))).toEqual([]);
    // The filters were applied, not refused wholesale: on every collection, some subscription
    // with a filter heard a save.
    for (const root of roots())
      expect(
        pairs.some(({ nobody }) => nobody.startsWith(`${root.name}/`) && received.has(nobody)),
        root.name,
      ).toBe(true);
  });
});
