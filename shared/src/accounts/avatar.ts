/** Who the header shows: seed 001 §2 (avatar letter, and the name or username in the mobile panel). */
export interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
}

/** The first letter of the first name, else of the username, else "U". */
export function avatarLetter(user: NamedUser): string {
  const source = user.firstName?.trim() || user.username?.trim() || 'U';
  return Array.from(source)[0]!.toUpperCase();
}

/** The user's full name, else the username. */
export function displayName(user: NamedUser): string {
  const name = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
  return name || user.username?.trim() || '';
}
