// tRPC: apps.ecommerce.* — the shop's products, categories, reviews, referrals, orders, customers,
// settings and dashboards, over the same services as REST.
import { z } from 'zod';
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
  ZShopDeleted,
  ZShopSales,
  ZShopSalesInput,
  ZShopSettings,
  ZUpdateShopSettingsInput,
} from '../../../../shared/schemas/ecommerce.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listCategories } from './ecommerce-categories.listing.ts';
import { deleteCategory, saveCategory } from './ecommerce-categories.service.ts';
import { getEcommerceCustomer, listEcommerceCustomers } from './ecommerce-customers.listing.ts';
import { shopDashboard } from './ecommerce-dashboard.service.ts';
import { getOrder, listCustomerOrders, listOrders } from './ecommerce-orders.listing.ts';
import { deleteOrder, setOrderStatus } from './ecommerce-orders.service.ts';
import { getProduct, listProducts, productStats } from './ecommerce-products.listing.ts';
import { deleteProduct, saveProduct } from './ecommerce-products.service.ts';
import { listReferrals, referralStats } from './ecommerce-referrals.listing.ts';
import { listReviews } from './ecommerce-reviews.listing.ts';
import { deleteReview, setReviewStatus } from './ecommerce-reviews.service.ts';
import { shopSales } from './ecommerce-sales.service.ts';
import { getShopSettings, updateShopSettings } from './ecommerce-settings.service.ts';

export const ecommerceRouter = router({
  dashboard: authedProcedure.output(ZShopDashboard).query(({ ctx }) => shopDashboard(ctx)),
  sales: authedProcedure
    .input(ZShopSalesInput)
    .output(ZShopSales)
    .query(({ ctx, input }) => shopSales(ctx, input)),
  products: router({
    list: authedProcedure
      .input(ZListProductsInput.prefault({}))
      .output(ZProductList)
      .query(({ ctx, input }) => listProducts(ctx, input)),
    stats: authedProcedure.output(ZProductStats).query(({ ctx }) => productStats(ctx)),
    byId: authedProcedure
      .input(ZByIdInput)
      .output(ZProductDetail)
      .query(({ ctx, input }) => getProduct(ctx, input)),
    save: authedProcedure
      .input(ZSaveProductInput)
      .output(ZProductDetail)
      .mutation(({ ctx, input }) => saveProduct(ctx, input)),
    delete: authedProcedure
      .input(ZByIdInput)
      .output(z.void())
      .mutation(({ ctx, input }) => deleteProduct(ctx, input)),
  }),
  categories: router({
    list: authedProcedure
      .input(ZListCategoriesInput.prefault({}))
      .output(ZCategoryList)
      .query(({ ctx, input }) => listCategories(ctx, input)),
    save: authedProcedure
      .input(ZSaveCategoryInput)
      .output(ZCategory)
      .mutation(({ ctx, input }) => saveCategory(ctx, input)),
    delete: authedProcedure
      .input(ZByIdInput)
      .output(ZShopDeleted)
      .mutation(({ ctx, input }) => deleteCategory(ctx, input)),
  }),
  reviews: router({
    list: authedProcedure
      .input(ZListReviewsInput.prefault({}))
      .output(ZReviewList)
      .query(({ ctx, input }) => listReviews(ctx, input)),
    setStatus: authedProcedure
      .input(ZSetReviewStatusInput)
      .output(ZReviewWritten)
      .mutation(({ ctx, input }) => setReviewStatus(ctx, input)),
    delete: authedProcedure
      .input(ZByIdInput)
      .output(z.void())
      .mutation(({ ctx, input }) => deleteReview(ctx, input)),
  }),
  referrals: router({
    list: authedProcedure
      .input(ZListReferralsInput.prefault({}))
      .output(ZReferralList)
      .query(({ ctx, input }) => listReferrals(ctx, input)),
    stats: authedProcedure.output(ZReferralStats).query(({ ctx }) => referralStats(ctx)),
  }),
  orders: router({
    list: authedProcedure
      .input(ZListOrdersInput.prefault({}))
      .output(ZOrderList)
      .query(({ ctx, input }) => listOrders(ctx, input)),
    ofCustomer: authedProcedure
      .input(ZListCustomerOrdersInput)
      .output(ZOrderList)
      .query(({ ctx, input }) => listCustomerOrders(ctx, input)),
    byNumber: authedProcedure
      .input(ZOrderByNumberInput)
      .output(ZOrderDetail)
      .query(({ ctx, input }) => getOrder(ctx, input)),
    setStatus: authedProcedure
      .input(ZSetOrderStatusInput)
      .output(ZOrderDetail)
      .mutation(({ ctx, input }) => setOrderStatus(ctx, input)),
    delete: authedProcedure
      .input(ZByIdInput)
      .output(ZShopDeleted)
      .mutation(({ ctx, input }) => deleteOrder(ctx, input)),
  }),
  customers: router({
    list: authedProcedure
      .input(ZListEcommerceCustomersInput.prefault({}))
      .output(ZEcommerceCustomerList)
      .query(({ ctx, input }) => listEcommerceCustomers(ctx, input)),
    byId: authedProcedure
      .input(ZEcommerceCustomerByIdInput)
      .output(ZEcommerceCustomerDetail)
      .query(({ ctx, input }) => getEcommerceCustomer(ctx, input)),
  }),
  settings: router({
    get: authedProcedure.output(ZShopSettings).query(({ ctx }) => getShopSettings(ctx)),
    update: authedProcedure
      .input(ZUpdateShopSettingsInput)
      .output(ZShopSettings)
      .mutation(({ ctx, input }) => updateShopSettings(ctx, input)),
  }),
});
