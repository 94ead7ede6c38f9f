import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { getSortedPosts } from '@/cms/queries';
import { getShareCard } from './_shareCardCache';
import { dataCacheKey } from '@/cms/cacheKey';
import { CACHE_DIR } from '@/config/env';

/** A share card for every post without a banner (a post with one shares its banner). */
export const getStaticPaths = (async () => {
  const posts = await getSortedPosts();
  return posts
    .filter((post) => !post.data.banner)
    .map((post) => {
      const props = { title: post.data.title };
      return { params: { id: post.id }, props, cacheKey: dataCacheKey(props) };
    });
}) satisfies GetStaticPaths;

type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = async ({ props }) =>
  new Response(new Uint8Array(await getShareCard(props.title, CACHE_DIR)), {
    headers: { 'Content-Type': 'image/png' },
  });
