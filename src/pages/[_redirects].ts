import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { getSortedPosts } from '@/cms/queries';
import { dataCacheKey } from '@/cms/cacheKey';
import { postRedirects } from '@/lib/blog/redirects';

/**
 * dist/_redirects, Netlify's redirects file, which it reads before netlify.toml's rules (and the
 * local server, tools/serve/, likewise): every post's id and earlier slugs answer 301 with its
 * address. Astro routes no file whose name starts with `_`, so the name is this route's one path.
 */
export const getStaticPaths = (async () => {
  const posts = await getSortedPosts();
  const props = {
    text: postRedirects(
      posts.map(({ id, data }) => ({ id, slug: data.slug, earlierSlugs: data.earlierSlugs })),
    ),
  };
  return [{ params: { _redirects: '_redirects' }, props, cacheKey: dataCacheKey(props) }];
}) satisfies GetStaticPaths;

type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = ({ props }) =>
  new Response(props.text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
