import type { LearningFactor } from '@brainboard/domain';
import { createContext, useContext } from 'react';

/**
 * The student's learning factor (real focused time over guessed time of their latest finished
 * assignments), worked out once by the board for every card; null without data.
 */
export const LearningContext = createContext<LearningFactor | null>(null);

export function useLearning(): LearningFactor | null {
  return useContext(LearningContext);
}
