import { goalsLine, MACHINE_AS_IT_IS, missedGoals, ONE_CORE_BUSY, type GoalRow } from './lighthouse-goals';

const met: GoalRow = {
  page: '/search?…',
  performance: 97,
  accessibility: 100,
  'best practices': 100,
  SEO: 100,
  'LCP s': 2.0,
  'TBT ms': 200,
  CLS: 0,
  scripts: 15,
  'script kB gzip': 170,
  'INP ms': 200,
};

describe('missedGoals', () => {
  it('finds nothing missed on a page at every bound', () => {
    expect(missedGoals([met], MACHINE_AS_IT_IS)).toEqual([]);
    expect(missedGoals([met], ONE_CORE_BUSY)).toEqual([]);
  });

  it('holds TBT and LCP to their goals on the machine as it is', () => {
    const slow = { ...met, 'TBT ms': 201, 'LCP s': 2.01 };
    expect(missedGoals([slow], MACHINE_AS_IT_IS)).toEqual(['/search?… TBT 201 ms', '/search?… LCP 2.01 s']);
  });

  it('leaves TBT and LCP out with one core busy, where only the score has a goal', () => {
    const slow = { ...met, performance: 85, 'TBT ms': 900, 'LCP s': 3.4 };
    expect(missedGoals([slow], ONE_CORE_BUSY)).toEqual([]);
    expect(missedGoals([{ ...slow, performance: 84 }], ONE_CORE_BUSY)).toEqual(['/search?… performance 84']);
  });

  it('asks CLS 0 in both settings', () => {
    const shifting = { ...met, CLS: 0.001 };
    expect(missedGoals([shifting], MACHINE_AS_IT_IS)).toEqual(['/search?… CLS 0.001']);
    expect(missedGoals([shifting], ONE_CORE_BUSY)).toEqual(['/search?… CLS 0.001']);
  });

  it('keeps the budgets, the INP goal and the other categories, one line each per page', () => {
    const over = {
      ...met,
      page: '/',
      performance: 94,
      scripts: 16,
      'script kB gzip': 170.1,
      'INP ms': 201,
      SEO: 92,
    };
    expect(missedGoals([over, met], MACHINE_AS_IT_IS)).toEqual([
      '/ performance 94',
      '/ script 170.1 kB gzip',
      '/ 16 script requests',
      '/ INP 201 ms',
      '/ SEO 92',
    ]);
  });

  it('has no INP goal on a page without the interaction', () => {
    const { 'INP ms': _, ...home } = met;
    expect(missedGoals([{ ...home, page: '/' }], MACHINE_AS_IT_IS)).toEqual([]);
  });
});

describe('goalsLine', () => {
  it('names every goal the check holds', () => {
    const line = goalsLine(['open the filters', 'open an offer']);
    for (const goal of ['≥ 95', '≥ 85', 'TBT ≤ 200 ms', 'LCP ≤ 2.0 s', 'CLS 0', '≤ 170 kB gzip', '≤ 15 requests']) {
      expect(line).toContain(goal);
    }
    expect(line).toContain('INP ≤ 200 ms (results page: open the filters, open an offer)');
  });
});
