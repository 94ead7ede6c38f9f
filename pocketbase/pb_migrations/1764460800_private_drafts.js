// What an editor has not published stays private through every path an anonymous client can
// take:
//
// 1. PocketBase joined back-relations (`blogs_via_tags.title`, `tags.blogs_via_tags.content`) in
//    a client's filter or sort without applying the `blogs` rules to the joined posts (fixed
//    upstream in 0.32, except in "every record" conditions), so a list answered differently while
//    a draft held a word. Every collection an anonymous client can list refuses (lists nothing
//    for) a filter or sort that names a back-relation; 1795737601_private_views.js adds the same
//    guard to the view rules, which realtime subscriptions are checked against. `~` escapes `_`
//    in a value without `%`, so "_via_" matches only itself: `name ~ "aviation"` still works.
//    `@collection.…` in a client filter is superusers-only.
// 2. A topic or an author is readable only while a live post has them, as the site shows them:
//    an unused author's bio, or a topic only a draft has, is nobody's business. The three
//    conditions name the same back-relation, which PocketBase joins once, so they hold
//    for one post together (a scheduled post and a past-dated draft do not add up to a live
//    post). The join tests membership exactly (json_each); listing 20 topics over 10,000 posts
//    took about 1 s. `@collection.blogs.tags ?~ id` took 0.1 s but matches an id as a LIKE
//    pattern inside the JSON text, exact only while ids hold no `_`. A forward relation
//    (`tags.name` in a filter on posts) is joined without the tags rules too; it is harmless,
//    since every topic and author of a live post is readable.
//
// The down step restores the rules of 1764028800_editorial_workflow.js and the open topics and
// authors.
const PUBLIC_POST_RULE = 'published = true && published_at != "" && published_at <= @now';
const PUBLIC_TESTIMONIAL_RULE = 'published = true';
const NO_BACK_RELATION =
  '(@request.query.filter = "" || @request.query.filter !~ "_via_") && ' +
  '(@request.query.sort = "" || @request.query.sort !~ "_via_")';

/** A live post (PUBLIC_POST_RULE) has this record in its relation field `field`. */
const onLivePost = (field) => {
  const post = `blogs_via_${field}`;
  return `${post}.published ?= true && ${post}.published_at ?!= "" && ${post}.published_at ?<= @now`;
};

/** List and view rules, by collection: [after, before]. */
const RULES = {
  blogs: [
    { list: `${NO_BACK_RELATION} && ${PUBLIC_POST_RULE}`, view: PUBLIC_POST_RULE },
    { list: PUBLIC_POST_RULE, view: PUBLIC_POST_RULE },
  ],
  testimonials: [
    { list: `${NO_BACK_RELATION} && ${PUBLIC_TESTIMONIAL_RULE}`, view: PUBLIC_TESTIMONIAL_RULE },
    { list: PUBLIC_TESTIMONIAL_RULE, view: PUBLIC_TESTIMONIAL_RULE },
  ],
  tags: [
    { list: `${NO_BACK_RELATION} && ${onLivePost('tags')}`, view: onLivePost('tags') },
    { list: '', view: '' },
  ],
  authors: [
    { list: `${NO_BACK_RELATION} && ${onLivePost('authors')}`, view: onLivePost('authors') },
    { list: '', view: '' },
  ],
};

/** Sets every collection's rules to the `which`th entry (0: after, 1: before). */
const applyRules = (app, which) => {
  for (const [name, rules] of Object.entries(RULES)) {
    const collection = app.findCollectionByNameOrId(name);
    collection.listRule = rules[which].list;
    collection.viewRule = rules[which].view;
    app.save(collection);
  }
};

migrate(
  (app) => applyRules(app, 0),
  (app) => applyRules(app, 1),
);
