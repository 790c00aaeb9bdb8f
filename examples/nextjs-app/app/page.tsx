// A static page: prerendered at build time, served from the cache.
export default function Home() {
  return (
    <main>
      <h1>stackfile example</h1>
      <p>A static page, built by OpenNext and served through CloudFront.</p>
    </main>
  );
}
