import type { DeepDiveTool } from '@brainboard/domain';

/** One line under each Deep Dive tool's name: what it will give the student. */
export const DEEP_DIVE_DESCRIPTIONS: Record<DeepDiveTool, string> = {
  'Thought Provoker': 'Questions that make you think deeper about the task.',
  'Analogy Generator': 'Compares the topic to something you already know.',
  'Trend Spotter': 'Links the task to what is happening in the field today.',
  'Interactive Mind Mapping': 'Lays out the main ideas and how they connect.',
  'Feedback Loop': 'Tips on how to check and improve your work.',
  'Emotion & Tone Advisor': 'Helps you pick the right tone and feel for your work.',
  'Time Machine Feature': 'Shows how the topic looked in the past and may look in the future.',
  'Inspiration Portal': 'Fresh ideas and examples to get you started.',
};
