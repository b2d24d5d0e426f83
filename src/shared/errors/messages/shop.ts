// Messages of the e-commerce demo app (the shop's products, categories and orders).
export const shopMessages = {
  'shop.unknownCategory': 'category must be one of the shop\'s categories; there is none named "{{name}}"',
  'shop.categoryNameTaken': 'A category named "{{name}}" already exists',
  'shop.categoryUsedByOne': 'The category "{{name}}" is used by {{count}} product; move them to another category first',
  'shop.categoryUsedBy': 'The category "{{name}}" is used by {{count}} products; move them to another category first',
  'shop.orderCannotMove': 'An order that is {{from}} cannot move to {{to}}',
  'shop.orderNotPaid': 'This order is not paid: it can be dispatched only once its payment is received',
} as const;
