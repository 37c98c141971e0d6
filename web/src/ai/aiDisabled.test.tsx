import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withSession } from './testSupport.tsx';

vi.mock('../firebase/api.ts', () => ({ api: {} }));
vi.mock('../config.ts', () => ({ config: { aiEnabled: false } }));

const { AssignmentAiActions } = await import('./AssignmentAiActions.tsx');
const { SuggestSubtasksButton } = await import('./SuggestSubtasksButton.tsx');

describe('VITE_AI_ENABLED=false', () => {
  it('hides the Help, Deep Dive and suggestion buttons', () => {
    const { container } = render(
      withSession(
        <>
          <AssignmentAiActions
            assignment={{
              id: 'a1',
              title: 'Essay',
              description: '',
              due_date: '',
              status: 'new',
              subtasks: [],
              notes: [],
              completed_date: null,
              deep_dive: {},
              rank: 0,
              version: 1,
              series_id: null,
              repeat: null,
              created_at: '',
              updated_at: '',
            }}
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
