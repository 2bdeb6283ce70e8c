import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { BlogPostScreen } from './BlogPostScreen';
import { findPost, type Post } from './posts';

/** /blog/:slug: an unknown slug (e.g. /blog/roadmap) is the router's 404. */
export function loader({ params }: LoaderFunctionArgs): Post {
  const post = findPost(params.slug ?? '');
  if (!post) throw new Response(null, { status: 404, statusText: 'Not Found' });
  return post;
}

export function Component() {
  return <BlogPostScreen post={useLoaderData<typeof loader>()} />;
}
