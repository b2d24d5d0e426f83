/** The refusal's reason when a second factor is wanted (sign-in without a code, the customer's policy). */
export const TWO_FACTOR_REQUIRED = 'TWO_FACTOR_REQUIRED';
