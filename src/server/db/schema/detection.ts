import { jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { DetectionResult } from "../../../shared/detection";
import { users } from "./auth";

/**
 * A user's successful AI checks by text (issue 31): checking the same text with the same detector
 * again answers from here, free. `detectorKey` names the detector and, for the built-in one, its
 * weights, so a retrained model checks afresh.
 */
export const detectionChecks = pgTable(
  "detection_checks",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    detectorKey: text("detector_key").notNull(),
    /** sha256 of the checked text (hex); the text itself is not kept here. */
    textSha256: text("text_sha256").notNull(),
    result: jsonb("result").$type<DetectionResult>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("detection_checks_user_text_idx").on(t.userId, t.detectorKey, t.textSha256)],
);
