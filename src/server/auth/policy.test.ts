import { describe, expect, it } from 'vitest';
import { can, isStaffAction, staffActionNames, type Actor, type CourseRole } from './policy.ts';

const actor = (role: Actor['role'], courses: [string, CourseRole][] = []): Actor => ({
  id: 'a1',
  email: 'staff@college.test',
  role,
  courses: new Map(courses),
});

describe('the staff policy', () => {
  it('lets an owner do every action, with or without a course', () => {
    const owner = actor('owner');
    for (const action of staffActionNames) {
      expect(can(owner, action)).toBe(true);
      expect(can(owner, action, 'any-course')).toBe(true);
    }
  });

  it('gives a teacher the writes of their own course only', () => {
    const teacher = actor('teacher', [['c1', 'teacher']]);
    expect(can(teacher, 'challenge.write', 'c1')).toBe(true);
    expect(can(teacher, 'challenge.write', 'c2')).toBe(false);
    expect(can(teacher, 'challenge.write')).toBe(true);
    expect(can(teacher, 'roster.upload', 'c1')).toBe(true);
  });

  it('lets an assistant read and proctor their course but never change a test or delete', () => {
    const assistant = actor('assistant', [['c1', 'assistant']]);
    expect(can(assistant, 'results.read', 'c1')).toBe(true);
    expect(can(assistant, 'sitting.act', 'c1')).toBe(true);
    expect(can(assistant, 'challenge.write', 'c1')).toBe(false);
    expect(can(assistant, 'exam.write', 'c1')).toBe(false);
    expect(can(assistant, 'challenge.write')).toBe(false);
    expect(can(assistant, 'results.read', 'c2')).toBe(false);
    expect(can(assistant, 'user.delete')).toBe(false);
  });

  it('lets an assistant grade their course (issue 34), not another', () => {
    const assistant = actor('assistant', [['c1', 'assistant']]);
    expect(can(assistant, 'grading.write', 'c1')).toBe(true);
    expect(can(assistant, 'grading.write', 'c2')).toBe(false);
    expect(can(actor('teacher', [['c1', 'teacher']]), 'grading.write', 'c1')).toBe(true);
  });

  it('keeps portal actions to owners, whatever course roles a member holds', () => {
    const teacher = actor('teacher', [
      ['c1', 'teacher'],
      ['c2', 'teacher'],
    ]);
    expect(can(teacher, 'user.delete')).toBe(false);
    expect(can(teacher, 'operations.read', 'c1')).toBe(false);
  });

  it('answers by the role held in that course when a member has several', () => {
    const mixed = actor('teacher', [
      ['c1', 'teacher'],
      ['c2', 'assistant'],
    ]);
    expect(can(mixed, 'exam.write', 'c1')).toBe(true);
    expect(can(mixed, 'exam.write', 'c2')).toBe(false);
    expect(can(mixed, 'exam.read', 'c2')).toBe(true);
  });

  it('refuses a member of no course every course action, but lets a teacher start one', () => {
    const lonely = actor('teacher');
    for (const action of staffActionNames) {
      expect(can(lonely, action)).toBe(
        ['course.create', 'course.list', 'self.read'].includes(action),
      );
    }
    expect(can(actor('assistant'), 'course.create')).toBe(false);
  });

  it('knows its own action names only', () => {
    expect(isStaffAction('results.read')).toBe(true);
    expect(isStaffAction('toString')).toBe(false);
    expect(isStaffAction(undefined)).toBe(false);
  });
});
