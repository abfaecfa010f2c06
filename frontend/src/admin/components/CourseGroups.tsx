/**
 * The level and lesson lists below their toolbar: a list per language (levels) or per level
 * (lessons). While a search or the lock filter hides rows, a hint says that dragging waits for them
 * to be cleared (a drop could not place the hidden rows); then 'No ... match the search.' or the groups.
 */
import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { PageState } from '../../components/PageState';

export const useCourseGroupsStyles = makeStyles({
  groups: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXL },
  hint: { display: 'block', color: tokens.colorNeutralForeground3, marginBottom: tokens.spacingVerticalM },
  /** A group with nothing in it yet ('No levels found for this language.'). */
  empty: { color: tokens.colorNeutralForeground3, margin: 0 },
});

export function CourseGroups(props: { filtered: boolean; count: number; noMatch: string; children: ReactNode }) {
  const s = useCourseGroupsStyles();
  return (
    <>
      {props.filtered && <Caption1 className={s.hint}>Clear the search and the lock filter to reorder by dragging.</Caption1>}
      {props.count ? <div className={s.groups}>{props.children}</div> : <PageState text={props.noMatch} />}
    </>
  );
}
