import Search from 'lucide-react/icons/search';
import { useState, type FormEvent } from 'react';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { IconInput } from '../forms/fields';

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
      <IconInput
        label={label}
        labelClassName="sr-only"
        icon={Search}
        id={id}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={placeholder}
        className="h-12"
      />
      <Button type="submit" size="lg" className="px-4 sm:px-6">
        Search
      </Button>
    </form>
  );
}
