import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { BLOG_COPY } from '@/data/blog';
import { feedItem, postsFeed } from '@/lib/blog/feed';
import { getTopicsInUse } from '@/cms/queries';
import { dataCacheKey } from '@/cms/cacheKey';
import { SITE_ORIGIN } from '@/config/env';
import { SITE } from '@/config/site';

/** A topic's posts, newest first, for readers who follow only that topic. */
export const getStaticPaths = (async () =>
  (await getTopicsInUse()).map(({ item: topic, posts }) => {
    const props = { topic: topic.data, items: posts.map(feedItem) };
    return { params: { slug: topic.data.slug }, props, cacheKey: dataCacheKey(props) };
  })) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { topic, items } = props as InferGetStaticPropsType<typeof getStaticPaths>;
  return postsFeed(items, {
    title: `${SITE.name} Blog: ${topic.name}`,
    description: topic.description ?? BLOG_COPY.topics.about(topic.name),
    site: SITE_ORIGIN,
  });
};
