// Messages of the role dashboards.
export const dashboardsMessages = {
  'dashboards.notYourRole': 'This dashboard is not one of your role’s',
} as const;
