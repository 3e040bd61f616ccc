import { projectionListSchema, projectionViewSchema, type ProjectionView } from '@contrail/shared/admin/operations';
import { render, type Instance } from 'ink';
import { CliError, InputError } from '../errors.js';
import type { CommandContext } from '../context.js';
import { print, printJson, printTable } from '../io.js';
import { ask } from '../ui/ask.js';
import { Confirm } from '../ui/Confirm.js';
import { RebuildProgress } from '../ui/RebuildProgress.js';
import { sleep } from '@contrail/shared/time/sleep';

const POLL_MS = 200;
const path = (name: string) => `/api/admin/projections/${encodeURIComponent(name)}`;
const lagText = (view: ProjectionView) => `${view.lag}${view.lagCapped ? '+' : ''}`;

export async function projectionsStatus(ctx: CommandContext, options: { json?: boolean }): Promise<void> {
  const { projections } = await ctx.client.call('GET', '/api/admin/projections', {
    schema: projectionListSchema,
    action: 'contrail projections status',
  });
  if (options.json) return printJson(ctx.io, projections);
  if (projections.length === 0) return print(ctx.io, 'This engine runs no projections.');
  printTable(ctx.io, projections, [
    { header: 'NAME', value: (view) => view.name },
    { header: 'STATE', value: (view) => view.state },
    { header: 'CHECKPOINT', value: (view) => view.checkpoint ?? 'start' },
    { header: 'HEAD', value: (view) => view.head ?? 'empty' },
    { header: 'LAG', value: lagText },
    { header: 'ERROR', value: (view) => view.lastError ?? '' },
  ]);
}

/** Draws the bar in a terminal; prints a line at the start and the end otherwise. */
function progressDisplay(ctx: CommandContext, name: string) {
  let ink: Instance | undefined;
  const draw = (view: ProjectionView, finishedInMs?: number) => {
    const element = (
      <RebuildProgress
        name={name}
        progress={view.rebuild?.progress ?? 0}
        lag={view.lag}
        lagCapped={view.lagCapped}
        lastError={view.lastError}
        finishedInMs={finishedInMs}
      />
    );
    if (ink) ink.rerender(element);
    else ink = render(element, { stdout: ctx.io.terminal, stdin: ctx.io.stdin, patchConsole: false });
  };
  return {
    update(view: ProjectionView) {
      if (ctx.io.interactive) draw(view);
    },
    start(view: ProjectionView) {
      if (ctx.io.interactive) draw(view);
      else print(ctx.io, `Rebuilding ${name} (${lagText(view)} events to replay)...`);
    },
    finish(view: ProjectionView, ms: number) {
      if (ctx.io.interactive) draw(view, ms);
      else print(ctx.io, `Rebuilt ${name} in ${(ms / 1000).toFixed(1)} s: caught up at ${view.checkpoint ?? 'start'}.`);
    },
    close() {
      ink?.unmount();
    },
  };
}

async function rebuildOne(ctx: CommandContext, name: string): Promise<ProjectionView> {
  const action = 'contrail projections rebuild';
  const began = Date.now();
  let view = await ctx.client.call('POST', `${path(name)}/rebuild`, { action, schema: projectionViewSchema });
  const display = progressDisplay(ctx, name);
  try {
    display.start(view);
    while (view.state === 'rebuilding' || view.state === 'failing') {
      if (view.state === 'failing') {
        display.update(view);
        throw new CliError(
          `Rebuild of ${name} is failing: ${view.lastError}. The engine keeps retrying from its checkpoint; watch it with contrail projections status.`,
        );
      }
      await sleep(POLL_MS);
      view = await ctx.client.call('GET', path(name), { action, schema: projectionViewSchema });
      display.update(view);
    }
    display.finish(view, Date.now() - began);
    return view;
  } finally {
    display.close();
  }
}

export const rebuildWarning = (names: readonly string[]) =>
  `Empty ${names.length === 1 ? `the read model ${names[0]}` : `the read models ${names.join(', ')}`} and replay every event into it? Until the replay reaches the head, what reads it sees part of the data.`;

/** Emptying a read model is asked about first; --yes skips the question, and without a terminal is needed. */
async function confirmRebuild(ctx: CommandContext, names: readonly string[]): Promise<void> {
  if (!ctx.io.interactive) {
    throw new InputError('rebuilding empties the read model first: run it in a terminal to confirm, or pass --yes');
  }
  const yes = await ask<boolean>(ctx.io, (answer) => <Confirm message={rebuildWarning(names)} onAnswer={answer} />);
  if (!yes) throw new CliError('Cancelled: nothing was rebuilt.');
}

/** Rebuilds one projection, or each in turn, waiting for each replay to reach the head. */
export async function projectionsRebuild(
  ctx: CommandContext,
  name: string | undefined,
  options: { json?: boolean; yes?: boolean },
): Promise<void> {
  const names =
    name !== undefined
      ? [name]
      : (
          await ctx.client.call('GET', '/api/admin/projections', {
            schema: projectionListSchema,
            action: 'contrail projections rebuild',
          })
        ).projections.map((view) => view.name);
  if (!options.yes) await confirmRebuild(ctx, names);
  const quiet = options.json ? { ...ctx, io: { ...ctx.io, interactive: false, stdout: { write: () => true } } } : ctx;
  const rebuilt: ProjectionView[] = [];
  for (const each of names) rebuilt.push(await rebuildOne(quiet, each));
  if (options.json) printJson(ctx.io, rebuilt);
}
