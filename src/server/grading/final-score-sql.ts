/**
 * contract/grading.ts's effectiveScore and finalScore in SQL, over the standing `a` (attempts):
 * for the queries that sort, count or average grades in the database, so they agree with the
 * scores the rows show.
 */
import { sql, type SQL } from 'drizzle-orm';

/** The automatic score `auto` replaced or moved by `a`'s override, kept within 0 and `max`. */
export function effectiveScoreSql(auto: SQL, max: SQL): SQL {
  return sql`(case
    when a.override_kind = 'absolute' then greatest(0, least(${max}, a.override_value))
    when a.override_kind = 'adjust'
      then greatest(0, least(${max}, coalesce(${auto}, 0) + a.override_value))
    else ${auto} end)`;
}

/** The effective score plus `a`'s manual points; null with neither (unrounded). */
export function finalScoreSql(auto: SQL, max: SQL): SQL {
  const effective = effectiveScoreSql(auto, max);
  return sql`(case when ${effective} is null and a.manual_points is null then null
    else coalesce(${effective}, 0) + coalesce(a.manual_points, 0) end)`;
}
