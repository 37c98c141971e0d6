import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeAssignment } from '@brainboard/domain/testing';
import { withSession } from './testSupport.tsx';

vi.mock('../data/api.ts', () => ({ api: {} }));
vi.mock('../config.ts', () => ({ config: { aiEnabled: false } }));

const { AssignmentAiActions } = await import('./AssignmentAiActions.tsx');
const { SuggestSubtasksButton } = await import('./SuggestSubtasksButton.tsx');

describe('VITE_AI_ENABLED=false', () => {
  it('hides the Help, Deep Dive and suggestion buttons', () => {
    const { container } = render(
      withSession(
        <>
          <AssignmentAiActions
            assignment={makeAssignment({ id: 'a1', title: 'Essay' })}
            onAssignmentChanged={() => {}}
          />
          <SuggestSubtasksButton
            title="Essay"
            description=""
            existingSubtasks={[]}
            onApprove={() => {}}
          />
        </>,
      ).ui,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
