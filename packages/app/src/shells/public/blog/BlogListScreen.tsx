import { paths } from '../../../paths';
import { SectionHeading } from '../components/Section';
import { Container, Section } from '../components/Section.styles';
import { PostCard, PostDate, PostList } from './Blog.styles';
import { formatPostDate, type PostMeta } from './posts';
import { Link } from '../../../shared/RouterLink';

export function BlogListScreen({ posts }: { posts: readonly PostMeta[] }) {
  return (
    <Section aria-labelledby="blog-title">
      <Container>
        <SectionHeading
          as="h1"
          id="blog-title"
          eyebrow="Blog"
          title="Notes from the people building Parlance"
          lede="Product news, how we measure what we claim, and practical guides for putting speech recognition into production."
        />
        <PostList>
          {posts.map((post) => (
            <PostCard key={post.slug}>
              <PostDate dateTime={post.date}>{formatPostDate(post.date)}</PostDate>
              <h2>
                <Link to={paths.blogPost.getHref(post.slug)}>{post.title}</Link>
              </h2>
              <p>{post.summary}</p>
            </PostCard>
          ))}
        </PostList>
      </Container>
    </Section>
  );
}
