// Tests only: a test app that publishes to loopback fakes of WordPress and Shopify, with ada and bob
// signed up.
import type { TestDatabaseKind } from "../../testing/test-app";
import { createTestApp, type SignedUpUser, type TestApp } from "../../testing/test-app";
import { FakeShopify } from "./fake-shopify";
import { FakeWordPress } from "./fake-wordpress";

export interface PublishingTestApp {
  t: TestApp;
  ada: SignedUpUser;
  bob: SignedUpUser;
  wp: FakeWordPress;
  shop: FakeShopify;
  close(): Promise<void>;
}

/** Starts the fakes (WordPress with `wordpress` options) and an app on `kind` allowed to reach them. */
export async function startPublishingTestApp(
  kind: TestDatabaseKind,
  wordpress?: ConstructorParameters<typeof FakeWordPress>[0],
): Promise<PublishingTestApp> {
  const wp = await new FakeWordPress(wordpress).start();
  const shop = await new FakeShopify().start();
  const t = await createTestApp({
    database: kind,
    env: { PUBLISH_ALLOW_PRIVATE_HOSTS: "true", SHOPIFY_API_BASE: shop.url },
  });
  const ada = await t.signUp("ada@example.com");
  const bob = await t.signUp("bob@example.com");
  return {
    t,
    ada,
    bob,
    wp,
    shop,
    close: async () => {
      await t.close();
      await wp.close();
      await shop.close();
    },
  };
}
