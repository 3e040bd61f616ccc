export function App() {
  return (
    <main className="mx-auto max-w-2xl p-8 font-sans text-[#333]">
      <h1 className="text-3xl font-bold text-[#008870]">Contrail</h1>
      <p className="mt-4">Flight search is coming to this storefront.</p>
    </main>
  );
}
