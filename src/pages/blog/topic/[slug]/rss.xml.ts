import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { BLOG_COPY } from '@/data/blog';
import { postsFeed } from '@/lib/blog/feed';
import { getTopicsInUse } from '@/cms/queries';
import { dataCacheKey } from '@/cms/cacheKey';
import { SITE_ORIGIN } from '@/config/env';
import { SITE } from '@/config/site';

/** A topic's posts, newest first, for readers who follow only that topic. */
export const getStaticPaths = (async () =>
  (await getTopicsInUse()).map(({ item: topic, posts }) => ({
    params: { slug: topic.data.slug },
    props: { topic, posts },
    cacheKey: dataCacheKey({ topic, posts }),
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { topic, posts } = props as InferGetStaticPropsType<typeof getStaticPaths>;
  return postsFeed(posts, {
    title: `${SITE.name} Blog: ${topic.data.name}`,
    description: topic.data.description ?? BLOG_COPY.topics.about(topic.data.name),
    site: SITE_ORIGIN,
  });
};
