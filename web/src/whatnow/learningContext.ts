import type { LearningFactor, StudyHours } from '@brainboard/domain';
import { createContext, useContext } from 'react';
import { SessionContext } from '../session/sessionContext.ts';

/**
 * The student's learning factor (real focused time over guessed time of their latest finished
 * assignments), worked out once by the board for every card; null without data.
 */
export const LearningContext = createContext<LearningFactor | null>(null);

export function useLearning(): LearningFactor | null {
  return useContext(LearningContext);
}

/**
 * The student's study hours (Settings, Plan), which "Start by" counts the work left inside;
 * undefined for the defaults.
 */
export function useStudyHours(): StudyHours | undefined {
  return useContext(SessionContext)?.user?.study_hours;
}

/**
 * When each assignment's first work session that has not ended starts (Plan my week, as this
 * browser last saw it): a card's "Start by" is that session. Worked out once by the board.
 */
export const PlannedStartsContext = createContext<ReadonlyMap<string, Date>>(new Map());

export function usePlannedStarts(): ReadonlyMap<string, Date> {
  return useContext(PlannedStartsContext);
}
