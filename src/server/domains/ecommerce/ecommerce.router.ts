// tRPC: apps.ecommerce.{products,reviews,referrals,orders,customers}.* over the same services as REST.
import { ZByIdInput } from '../../../shared/schemas/common.ts';
import {
  ZEcommerceCustomerByIdInput,
  ZEcommerceCustomerDetail,
  ZEcommerceCustomerList,
  ZListEcommerceCustomersInput,
  ZListOrdersInput,
  ZListProductsInput,
  ZListReferralsInput,
  ZListReviewsInput,
  ZOrderList,
  ZProductList,
  ZReferralList,
  ZReviewList,
} from '../../../shared/schemas/ecommerce.ts';
import { abilityProcedure, router } from '../../trpc/init.ts';
import * as shop from './ecommerce.service.ts';

const read = abilityProcedure('read', 'DemoApp');
const manage = abilityProcedure('manage', 'DemoApp');

export const ecommerceRouter = router({
  products: router({
    list: read
      .input(ZListProductsInput.optional())
      .output(ZProductList)
      .query(({ ctx, input }) => shop.listProducts(ctx, ZListProductsInput.parse(input ?? {}))),
    delete: manage.input(ZByIdInput).mutation(({ ctx, input }) => shop.deleteProduct(ctx, input)),
  }),
  reviews: router({
    list: read
      .input(ZListReviewsInput.optional())
      .output(ZReviewList)
      .query(({ ctx, input }) => shop.listReviews(ctx, ZListReviewsInput.parse(input ?? {}))),
    delete: manage.input(ZByIdInput).mutation(({ ctx, input }) => shop.deleteReview(ctx, input)),
  }),
  referrals: router({
    list: read
      .input(ZListReferralsInput.optional())
      .output(ZReferralList)
      .query(({ ctx, input }) => shop.listReferrals(ctx, ZListReferralsInput.parse(input ?? {}))),
  }),
  orders: router({
    list: read
      .input(ZListOrdersInput.optional())
      .output(ZOrderList)
      .query(({ ctx, input }) => shop.listOrders(ctx, ZListOrdersInput.parse(input ?? {}))),
    delete: manage.input(ZByIdInput).mutation(({ ctx, input }) => shop.deleteOrder(ctx, input)),
  }),
  customers: router({
    list: read
      .input(ZListEcommerceCustomersInput.optional())
      .output(ZEcommerceCustomerList)
      .query(({ ctx, input }) => shop.listEcommerceCustomers(ctx, ZListEcommerceCustomersInput.parse(input ?? {}))),
    byId: read
      .input(ZEcommerceCustomerByIdInput)
      .output(ZEcommerceCustomerDetail)
      .query(({ ctx, input }) => shop.getEcommerceCustomer(ctx, input)),
  }),
});
