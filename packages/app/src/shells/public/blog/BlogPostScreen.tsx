import { paths } from '../../../paths';
import { Section } from '../components/Section.styles';
import { Article, ArticleHeader, PostDate } from './Blog.styles';
import { Markdown } from './Markdown';
import { formatPostDate, type Post } from './posts';
import { Link } from '../../../shared/RouterLink';

export function BlogPostScreen({ post }: { post: Post }) {
  return (
    <Section>
      <Article aria-labelledby="post-title">
        <ArticleHeader>
          <Link to={paths.blog.getHref()}>← All posts</Link>
          <h1 id="post-title">{post.title}</h1>
          <p>
            <PostDate dateTime={post.date}>{formatPostDate(post.date)}</PostDate> · {post.author}
          </p>
        </ArticleHeader>
        <Markdown blocks={post.blocks} />
      </Article>
    </Section>
  );
}
