// Messages of the invoice demo app: lookups, the list's date range (tRPC and the REST query), the editor's amounts.
export const invoiceMessages = {
  'invoice.notFound': 'No invoice found with this id',
  'invoice.rangeReversed': 'The date range ends before it starts',
  'invoice.endBeforeStart': 'Must not be before the start',
  'invoice.rangeDate': 'selectedDateRange.{{field}} must be a date (YYYY-MM-DD)',
  'invoice.expectedDate': 'Expected a date as YYYY-MM-DD',
  'invoice.rangeNotObject': 'selectedDateRange must be a JSON object with start and end dates',
  'invoice.rangeShape': 'Expected {"start":"YYYY-MM-DD","end":"YYYY-MM-DD"}',
  'invoice.noSuchClient': 'No such client',
  'invoice.chooseClient': 'Choose one of your clients',
  'invoice.discountOverSubtotal': 'The discount is larger than the subtotal',
  'invoice.paymentOverBalance': 'The payment is more than the balance',
  'invoice.atMost': 'Must be at most {{max}}',
} as const;
