import { describe, expect, it } from 'vitest';
import { BoundedWorkQueue } from '../../src/security/bounded-work-queue.js';

/**
 * The queue in front of argon2 (ADR 021), with slow fake work: each job is held until the test
 * lets it finish, so what runs together, what waits and what is refused is seen directly,
 * never through a timing.
 */
class Busy extends Error {}

interface HeldJob {
  label: string;
  finish: () => void;
  fail: (error: Error) => void;
}

function harness(limits: { concurrency: number; queue: number }) {
  const queue = new BoundedWorkQueue(limits, () => new Busy('occupato'));
  const started: string[] = [];
  const running = new Map<string, HeldJob>();
  let mostAtOnce = 0;
  const submit = (label: string) =>
    queue.run(
      () =>
        new Promise<string>((resolve, reject) => {
          started.push(label);
          const job: HeldJob = {
            label,
            finish: () => {
              running.delete(label);
              resolve(label);
            },
            fail: (error) => {
              running.delete(label);
              reject(error);
            },
          };
          running.set(label, job);
          mostAtOnce = Math.max(mostAtOnce, running.size);
        }),
    );
  /** Lets the event loop hand freed slots on. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    queue,
    started,
    running,
    submit,
    settle,
    mostAtOnce: () => mostAtOnce,
    finish: async (label: string) => {
      const job = running.get(label);
      if (job === undefined) throw new Error(`${label} non è in corso`);
      job.finish();
      await settle();
    },
  };
}

describe('the bounded work queue', () => {
  it('runs at most `concurrency` jobs at once and starts the others in arrival order', async () => {
    const work = harness({ concurrency: 2, queue: 10 });
    const labels = ['a', 'b', 'c', 'd', 'e', 'f'];
    const answers = labels.map((label) => work.submit(label));
    await work.settle();
    expect(work.started).toEqual(['a', 'b']);
    expect(work.queue.waiting).toBe(4);

    // Finished out of order: the freed slots still go to the oldest waiting jobs.
    await work.finish('b');
    expect(work.started).toEqual(['a', 'b', 'c']);
    await work.finish('a');
    await work.finish('c');
    expect(work.started).toEqual(['a', 'b', 'c', 'd', 'e']);
    await work.finish('e');
    await work.finish('d');
    await work.finish('f');

    expect(await Promise.all(answers)).toEqual(labels);
    expect(work.started).toEqual(labels);
    expect(work.mostAtOnce()).toBe(2);
    expect(work.queue.running).toBe(0);
    expect(work.queue.waiting).toBe(0);
  });

  it('refuses at once what would wait beyond the queue, and takes work again once there is room', async () => {
    const work = harness({ concurrency: 1, queue: 2 });
    const accepted = ['a', 'b', 'c'].map((label) => work.submit(label));
    await work.settle();
    await expect(work.submit('d')).rejects.toBeInstanceOf(Busy);
    await expect(work.submit('e')).rejects.toBeInstanceOf(Busy);
    expect(work.queue.refused).toBe(2);
    // The refused never ran and never took a place.
    expect(work.started).toEqual(['a']);
    expect(work.queue.waiting).toBe(2);

    await work.finish('a');
    const later = work.submit('f');
    await work.settle();
    await work.finish('b');
    await work.finish('c');
    await work.finish('f');
    expect(await Promise.all([...accepted, later])).toEqual(['a', 'b', 'c', 'f']);
    expect(work.started).toEqual(['a', 'b', 'c', 'f']);
  });

  it('with no queue, refuses whatever finds every slot taken', async () => {
    const work = harness({ concurrency: 2, queue: 0 });
    const accepted = [work.submit('a'), work.submit('b')];
    await work.settle();
    await expect(work.submit('c')).rejects.toBeInstanceOf(Busy);
    await work.finish('a');
    await work.finish('b');
    expect(await Promise.all(accepted)).toEqual(['a', 'b']);
  });

  it('frees the slot of a job that fails, for the next in line', async () => {
    const work = harness({ concurrency: 1, queue: 1 });
    const failing = work.submit('a');
    const next = work.submit('b');
    await work.settle();
    work.running.get('a')?.fail(new Error('calcolo non riuscito'));
    await expect(failing).rejects.toThrow('calcolo non riuscito');
    await work.settle();
    expect(work.started).toEqual(['a', 'b']);
    await work.finish('b');
    expect(await next).toBe('b');
    expect(work.queue.running).toBe(0);
  });
});
