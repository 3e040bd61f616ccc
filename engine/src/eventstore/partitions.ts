import { createHash } from 'node:crypto';

/**
 * One of `count` shares of the event store's streams, for work split by stream (PARTITIONS): each
 * stream falls into exactly one partition, by a stable hash of its name, so the events of one
 * stream (one booking) are all handled by the owner of that partition, in their stream order.
 * There is no order across partitions.
 */
export interface Partition {
  /** From 0 to count - 1. */
  index: number;
  count: number;
}

/** Everything, in one partition: the default. */
export const WHOLE: Partition = { index: 0, count: 1 };

export const isWhole = (partition: Partition | undefined): boolean => !partition || partition.count === 1;

/** The partitions of a split in `count`. */
export function partitionsOf(count: number): Partition[] {
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`A split needs a whole number of partitions, not ${count}`);
  return Array.from({ length: count }, (_, index) => ({ index, count }));
}

/** The first 28 bits of the MD5 of the stream's name: the same in PostgreSQL (partitionSql) and here. */
export function partitionOf(streamName: string, count: number): number {
  return Number.parseInt(createHash('md5').update(streamName, 'utf8').digest('hex').slice(0, 7), 16) % count;
}

/** partitionOf in SQL, over a text column and an integer count parameter. */
export const partitionSql = (column: string, count: string) =>
  `(('x' || substr(md5(${column}), 1, 7))::bit(28)::int % ${count})`;

export const inPartition = (streamName: string, partition: Partition | undefined): boolean =>
  isWhole(partition) || partitionOf(streamName, partition!.count) === partition!.index;

/**
 * The name a checkpoint or lease of partitioned work goes by: the name alone when the work is not
 * split (so the default keeps its names), else `name#index/count`.
 */
export const partitionedName = (name: string, partition: Partition | undefined): string =>
  isWhole(partition) ? name : `${name}#${partition!.index}/${partition!.count}`;
