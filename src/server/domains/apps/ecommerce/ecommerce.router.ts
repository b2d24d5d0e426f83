// tRPC: apps.ecommerce.{products,reviews,referrals,orders,customers}.* over the same services as REST.
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
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
} from '../../../../shared/schemas/ecommerce.ts';
import { abilityProcedure, router } from '../../../trpc/init.ts';
import { demoListQuery } from '../../../trpc/procedures.ts';
import * as shop from './ecommerce.service.ts';

const read = abilityProcedure('read', 'DemoApp');
const manage = abilityProcedure('manage', 'DemoApp');

export const ecommerceRouter = router({
  products: router({
    list: demoListQuery(ZListProductsInput, ZProductList, shop.listProducts),
    delete: manage.input(ZByIdInput).mutation(({ ctx, input }) => shop.deleteProduct(ctx, input)),
  }),
  reviews: router({
    list: demoListQuery(ZListReviewsInput, ZReviewList, shop.listReviews),
    delete: manage.input(ZByIdInput).mutation(({ ctx, input }) => shop.deleteReview(ctx, input)),
  }),
  referrals: router({
    list: demoListQuery(ZListReferralsInput, ZReferralList, shop.listReferrals),
  }),
  orders: router({
    list: demoListQuery(ZListOrdersInput, ZOrderList, shop.listOrders),
    delete: manage.input(ZByIdInput).mutation(({ ctx, input }) => shop.deleteOrder(ctx, input)),
  }),
  customers: router({
    list: demoListQuery(ZListEcommerceCustomersInput, ZEcommerceCustomerList, shop.listEcommerceCustomers),
    byId: read
      .input(ZEcommerceCustomerByIdInput)
      .output(ZEcommerceCustomerDetail)
      .query(({ ctx, input }) => shop.getEcommerceCustomer(ctx, input)),
  }),
});
