/**
 * An action on a student's row of a results table, handed to the tables by the route so that a
 * feature (accommodations today, the proctor view's later) adds itself without the results
 * feature importing it (features never import each other, DESIGN.md §2). It is one extra, last
 * column: the spec's columns stay as they are.
 */
import type { ComponentType } from 'react';
import type { AccommodationSitting } from '../../contract/accommodations.ts';

export type StudentRowActionProps = {
  token: string;
  sitting: AccommodationSitting;
  student: { userId: string; name: string; email: string };
};

export type StudentRowAction = {
  /** The column's header. */
  header: string;
  Cell: ComponentType<StudentRowActionProps>;
};
