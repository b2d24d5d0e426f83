// Messages of the pages' demo content (help center, sample profile).
export const pagesMessages = {
  'pages.noContent': 'No page content named {{key}}',
  'pages.noArticle': 'No article found with this slug',
  'pages.noConnection': 'name: no connection named {{name}}',
} as const;
