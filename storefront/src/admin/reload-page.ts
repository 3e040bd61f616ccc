/** Seed 001 §9: after a mode change the page reloads after 1 s, so every screen starts in the new mode. */
export const MODE_RELOAD_DELAY_MS = 1000;

export function reloadPage() {
  window.location.reload();
}
