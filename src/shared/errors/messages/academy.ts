// Messages of the academy demo app.
export const academyMessages = {
  'academy.noCourse': 'No course found with this id',
  'academy.noLecture': 'No lecture found with this id',
} as const;
