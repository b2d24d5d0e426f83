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
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listQuery } from '../../../trpc/procedures.ts';
import * as shop from './ecommerce.service.ts';

export const ecommerceRouter = router({
  products: router({
    list: listQuery(ZListProductsInput, ZProductList, shop.listProducts),
    delete: authedProcedure.input(ZByIdInput).mutation(({ ctx, input }) => shop.deleteProduct(ctx, input)),
  }),
  reviews: router({
    list: listQuery(ZListReviewsInput, ZReviewList, shop.listReviews),
    delete: authedProcedure.input(ZByIdInput).mutation(({ ctx, input }) => shop.deleteReview(ctx, input)),
  }),
  referrals: router({
    list: listQuery(ZListReferralsInput, ZReferralList, shop.listReferrals),
  }),
  orders: router({
    list: listQuery(ZListOrdersInput, ZOrderList, shop.listOrders),
    delete: authedProcedure.input(ZByIdInput).mutation(({ ctx, input }) => shop.deleteOrder(ctx, input)),
  }),
  customers: router({
    list: listQuery(ZListEcommerceCustomersInput, ZEcommerceCustomerList, shop.listEcommerceCustomers),
    byId: authedProcedure
      .input(ZEcommerceCustomerByIdInput)
      .output(ZEcommerceCustomerDetail)
      .query(({ ctx, input }) => shop.getEcommerceCustomer(ctx, input)),
  }),
});
