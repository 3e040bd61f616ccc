/** Placeholder until its feature lands; the owner replaces this file and keeps the named export. */
export function BrandManagerPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Brand Manager</h1>
      <p className="mt-4 text-muted-foreground">The brand manager is being built and will be available here soon.</p>
    </section>
  );
}
