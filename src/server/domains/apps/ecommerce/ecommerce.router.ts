// tRPC: apps.ecommerce.{products,reviews,referrals,orders,customers}.* over the same services as REST.
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCategory,
  ZCategoryList,
  ZEcommerceCustomerByIdInput,
  ZEcommerceCustomerDetail,
  ZEcommerceCustomerList,
  ZListCategoriesInput,
  ZListCustomerOrdersInput,
  ZListEcommerceCustomersInput,
  ZListOrdersInput,
  ZListProductsInput,
  ZListReferralsInput,
  ZListReviewsInput,
  ZOrderByNumberInput,
  ZOrderDetail,
  ZOrderList,
  ZProductDetail,
  ZProductList,
  ZProductStats,
  ZReferralList,
  ZReferralStats,
  ZReviewList,
  ZReviewWritten,
  ZSaveCategoryInput,
  ZSaveProductInput,
  ZSetOrderStatusInput,
  ZSetReviewStatusInput,
  ZShopDashboard,
  ZShopSales,
  ZShopSalesInput,
  ZShopSettings,
  ZUpdateShopSettingsInput,
} from '../../../../shared/schemas/ecommerce.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listQuery } from '../../../trpc/procedures.ts';
import * as shop from './ecommerce.service.ts';
import { shopDashboard } from './ecommerce-dashboard.service.ts';
import { shopSales } from './ecommerce-sales.service.ts';

export const ecommerceRouter = router({
  dashboard: authedProcedure.output(ZShopDashboard).query(({ ctx }) => shopDashboard(ctx)),
  sales: authedProcedure
    .input(ZShopSalesInput)
    .output(ZShopSales)
    .query(({ ctx, input }) => shopSales(ctx, input)),
  products: router({
    list: listQuery(ZListProductsInput, ZProductList, shop.listProducts),
    stats: authedProcedure.output(ZProductStats).query(({ ctx }) => shop.productStats(ctx)),
    byId: authedProcedure
      .input(ZByIdInput)
      .output(ZProductDetail)
      .query(({ ctx, input }) => shop.getProduct(ctx, input)),
    save: authedProcedure
      .input(ZSaveProductInput)
      .output(ZProductDetail)
      .mutation(({ ctx, input }) => shop.saveProduct(ctx, input)),
    delete: authedProcedure.input(ZByIdInput).mutation(({ ctx, input }) => shop.deleteProduct(ctx, input)),
  }),
  categories: router({
    list: listQuery(ZListCategoriesInput, ZCategoryList, shop.listCategories),
    save: authedProcedure
      .input(ZSaveCategoryInput)
      .output(ZCategory)
      .mutation(({ ctx, input }) => shop.saveCategory(ctx, input)),
    delete: authedProcedure.input(ZByIdInput).mutation(({ ctx, input }) => shop.deleteCategory(ctx, input)),
  }),
  reviews: router({
    list: listQuery(ZListReviewsInput, ZReviewList, shop.listReviews),
    setStatus: authedProcedure
      .input(ZSetReviewStatusInput)
      .output(ZReviewWritten)
      .mutation(({ ctx, input }) => shop.setReviewStatus(ctx, input)),
    delete: authedProcedure.input(ZByIdInput).mutation(({ ctx, input }) => shop.deleteReview(ctx, input)),
  }),
  referrals: router({
    list: listQuery(ZListReferralsInput, ZReferralList, shop.listReferrals),
    stats: authedProcedure.output(ZReferralStats).query(({ ctx }) => shop.referralStats(ctx)),
  }),
  orders: router({
    list: listQuery(ZListOrdersInput, ZOrderList, shop.listOrders),
    ofCustomer: listQuery(ZListCustomerOrdersInput, ZOrderList, shop.listCustomerOrders),
    byNumber: authedProcedure
      .input(ZOrderByNumberInput)
      .output(ZOrderDetail)
      .query(({ ctx, input }) => shop.getOrder(ctx, input)),
    setStatus: authedProcedure
      .input(ZSetOrderStatusInput)
      .output(ZOrderDetail)
      .mutation(({ ctx, input }) => shop.setOrderStatus(ctx, input)),
    delete: authedProcedure.input(ZByIdInput).mutation(({ ctx, input }) => shop.deleteOrder(ctx, input)),
  }),
  customers: router({
    list: listQuery(ZListEcommerceCustomersInput, ZEcommerceCustomerList, shop.listEcommerceCustomers),
    byId: authedProcedure
      .input(ZEcommerceCustomerByIdInput)
      .output(ZEcommerceCustomerDetail)
      .query(({ ctx, input }) => shop.getEcommerceCustomer(ctx, input)),
  }),
  settings: router({
    get: authedProcedure.output(ZShopSettings).query(({ ctx }) => shop.getShopSettings(ctx)),
    update: authedProcedure
      .input(ZUpdateShopSettingsInput)
      .output(ZShopSettings)
      .mutation(({ ctx, input }) => shop.updateShopSettings(ctx, input)),
  }),
});
