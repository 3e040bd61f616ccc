/**
 * The page an emailed confirm or unsubscribe link opens: one button that POSTs the action, so a mail
 * scanner following links confirms or stops nothing (RFC 8058 asks the same of unsubscribe links).
 * No script and no inline style: the engine's Content-Security-Policy applies.
 */
export function actionPage(input: { title: string; text: string; button?: { label: string; action: string } }): string {
  const form = input.button
    ? `<form method="post" action="${input.button.action}"><button type="submit">${input.button.label}</button></form>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${input.title}</title></head><body><main><h1>${input.title}</h1><p>${input.text}</p>${form}<p><a href="/">Back to flight search</a></p></main></body></html>`;
}
