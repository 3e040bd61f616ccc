import { distanceKm } from '@contrail/shared/reference/great-circle';

/** The one great-circle distance of the platform (shared/reference), as the sandbox's routes use it. */
export { distanceKm };

interface Point {
  latitude: number;
  longitude: number;
}

/** How much a great-circle route heads east at its start: 1 due east, -1 due west (sine of the bearing). */
export function eastwardComponent(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLon = (b.longitude - a.longitude) * rad;
  const y = Math.sin(dLon) * Math.cos(b.latitude * rad);
  const x =
    Math.cos(a.latitude * rad) * Math.sin(b.latitude * rad) -
    Math.sin(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.cos(dLon);
  const length = Math.hypot(x, y);
  return length === 0 ? 0 : y / length;
}
