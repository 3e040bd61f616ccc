import { useEffect } from 'react';

function setMeta(name: string, content: string | undefined) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === undefined) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  tag.content = content;
}

/** Sets the description and keywords search engines read for the current page. */
export function usePageMeta({ description, keywords }: { description: string; keywords?: string }) {
  useEffect(() => {
    setMeta('description', description);
    setMeta('keywords', keywords);
  }, [description, keywords]);
}
