import { BlogListPage } from './BlogListPage';
import { posts } from './posts';

/** /blog */
export function Component() {
  return <BlogListPage posts={posts} />;
}
