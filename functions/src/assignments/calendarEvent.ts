/**
 * The field of an assignment document that holds its Google Calendar event's id, once the
 * student saved the card to their calendar (calendar/googleCalendar.ts). Not part of the API
 * shape; a repeating card's instance that has one counts as touched (series.ts).
 */
export const EVENT_ID_FIELD = 'calendar_event_id';
