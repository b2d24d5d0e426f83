// Messages of the calendar demo app.
export const calendarMessages = {
  'calendar.noEvent': 'No event found with this id',
} as const;
