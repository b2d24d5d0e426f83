// Messages of saved views of lists (platform/views).
export const viewsMessages = {
  'views.nameTaken': 'You already have a view with this name for this list',
  'views.sharingWithoutCustomer': 'Your account belongs to no customer, so its views cannot be shared',
  'views.tooMany': 'You can keep at most {{max}} views per list; delete one first',
} as const;
