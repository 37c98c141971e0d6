import aiHelpImage from './images/ai-help.svg?no-inline';
import boardImage from './images/board.svg?no-inline';
import deadlinesImage from './images/deadlines.svg?no-inline';
import themesImage from './images/themes.svg?no-inline';

export interface Feature {
  id: string;
  title: string;
  text: string;
  image: string;
  alt: string;
}

/**
 * The four feature sections of the landing page (docs/product.md, Screens). Images are drawings of
 * the app.
 */
export const FEATURES: readonly Feature[] = [
  {
    id: 'board',
    title: 'See everything on one calm board',
    text: 'Three columns: New, In progress and Done. Move a card when you start or finish, by touch, mouse or keyboard, and break big assignments into small subtasks you can tick off.',
    image: boardImage,
    alt: 'The Brainboard board with three columns, New, In progress and Done, holding assignment cards with due badges.',
  },
  {
    id: 'ai',
    title: 'AI help when you ask for it',
    text: 'Chat about an assignment, get small subtasks to approve or reject, or explore it with eight Deep Dive tools. AI stays off until you turn it on, and it asks before sending anything.',
    image: aiHelpImage,
    alt: 'The AI Help chat for an essay, with suggested subtasks and buttons to reject them or add them to the assignment.',
  },
  {
    id: 'deadlines',
    title: 'Deadlines you will not miss',
    text: 'Every card shows how soon it is due, from “Due in 5 days” to “Due Today”, with a soft red tint once it is overdue. Due dates keep the hour and minute, and can go straight to Google Calendar.',
    image: deadlinesImage,
    alt: 'Assignment cards with badges reading Overdue by 1 day, Due Today and Due in 5 days, beside a due date and time picker with Save to Google Calendar ticked.',
  },
  {
    id: 'themes',
    title: 'Easy on the eyes, day and night',
    text: 'Choose the light or dark theme, or let Brainboard follow your device. Both keep text clear and easy to read.',
    image: themesImage,
    alt: 'The same board in the light theme and in the dark theme, with a choice of Light, Dark or System.',
  },
];
