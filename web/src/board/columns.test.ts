import type { Assignment } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import {
  addTaskTitle,
  columnId,
  emptyColumnText,
  findCard,
  groupByStatus,
  moveInList,
  sortByRank,
  statusOfColumnId,
} from './columns.ts';

const a = (id: string, status: Assignment['status'], rank: number) =>
  ({ id, status, rank }) as Assignment;

describe('columns', () => {
  it('has the SPEC texts', () => {
    expect(addTaskTitle('new')).toBe('Add New Task');
    expect(addTaskTitle('in progress')).toBe('Add In progress Task');
    expect(addTaskTitle('done')).toBe('Add Done Task');
    expect(emptyColumnText('in progress')).toBe('Tap + to add a task in the In progress status');
  });

  it('groups by status in rank order', () => {
    const list = sortByRank([
      a('1', 'done', 3),
      a('2', 'new', 2),
      a('3', 'new', -1),
      a('4', 'in progress', 0),
    ]);
    expect(groupByStatus(list)).toEqual({ new: ['3', '2'], 'in progress': ['4'], done: ['1'] });
    expect(findCard(groupByStatus(list), '2')).toEqual({ status: 'new', index: 1, count: 2 });
  });

  it('moves a card within its column, down and up, leaving the list it was given as it was', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect(moveInList(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveInList(list, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveInList(list, 1, 1)).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });

  it('tells column ids from card ids', () => {
    expect(statusOfColumnId(columnId('in progress'))).toBe('in progress');
    expect(statusOfColumnId('abc')).toBeNull();
    expect(statusOfColumnId('column:nope')).toBeNull();
  });
});
