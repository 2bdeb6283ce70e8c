import { BlogListScreen } from './BlogListScreen';
import { posts } from './posts';

/** /blog */
export function Component() {
  return <BlogListScreen posts={posts} />;
}
