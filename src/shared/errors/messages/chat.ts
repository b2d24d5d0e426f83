// Messages of the chat demo app: the sample chats and the live chat with colleagues.
export const chatMessages = {
  'chat.noProfile': 'The chat profile is missing: seed the demo data',
  'chat.noContact': 'No contact found with this id',
  'chat.wrongSender': 'senderId must be {{you}} (you) or {{contact}} (the contact)',
  'chat.expectedSender': 'Expected {{you}} or {{contact}}',
  'chat.noColleague': 'No colleague found with this id',
  'chat.liveEventsAppOnly': 'Live events are served by the app only',
  'chat.shuttingDown': 'This server is shutting down: reconnect',
} as const;
