import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { controlClass } from './fields';

interface SearchBoxProps {
  id: string;
  label: string;
  placeholder: string;
  /** Called on the Search button or Enter, never while typing. */
  onSearch: (query: string) => void;
  className?: string;
}

export function SearchBox({ id, label, placeholder, onSearch, className }: SearchBoxProps) {
  const [query, setQuery] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(query);
  };
  return (
    <form role="search" onSubmit={submit} className={cn('flex gap-2', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <input
          id={id}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={placeholder}
          className={cn(controlClass, 'h-12 pl-9')}
        />
      </div>
      <Button type="submit" size="lg" className="px-4 sm:px-6">
        Search
      </Button>
    </form>
  );
}
