import type { SearchOffer } from '@contrail/shared/flights/search-offer';
import { otherAirportNotes, type TypedRoute } from '@contrail/shared/results/other-airports';
import MapPin from 'lucide-react/icons/map-pin';

/** Which airport the offer uses where it is not the one typed (issue 34, nearby airports). */
export function OtherAirports({ offer, typed }: { offer: SearchOffer; typed: TypedRoute }) {
  const notes = otherAirportNotes(offer, typed);
  if (notes.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1" aria-label="Other airports">
      {notes.map((text) => (
        <li key={text} className="flex items-center gap-1.5 text-xs font-medium text-foreground">
          <MapPin className="h-3.5 w-3.5 shrink-0 text-primary" aria-hidden />
          {text}
        </li>
      ))}
    </ul>
  );
}
