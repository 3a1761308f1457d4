// The full app's left column: the session form in three tabs (Content, Advanced, SEO Settings).
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { AiProvider } from "../../../../shared/writing";
import { Card, CardContent } from "../../../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { FixedApiParameters } from "../console/fixed-parameters";
import type { SessionFormValues } from "../console/session-defaults";
import { ContentForm } from "./content-form";

export function SettingsCard({
  form,
  provider,
  generating,
  onGenerate,
  onCancel,
  onReset,
  resetting,
}: {
  form: UseFormReturn<SessionFormValues>;
  provider: AiProvider;
  generating: boolean;
  onGenerate: () => void;
  onCancel: () => void;
  onReset: () => void;
  resetting: boolean;
}) {
  const [tab, setTab] = useState("content");
  return (
    <Card className="min-w-0">
      <CardContent className="p-5">
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="grid w-full grid-cols-3">
            <TabsTrigger value="content">Content</TabsTrigger>
            <TabsTrigger value="advanced">Advanced</TabsTrigger>
            <TabsTrigger value="seo">SEO Settings</TabsTrigger>
          </TabsList>
          <TabsContent value="content">
            <ContentForm
              form={form}
              onGenerate={onGenerate}
              generating={generating}
              onCancel={onCancel}
              onReset={onReset}
              resetting={resetting}
            />
          </TabsContent>
          <TabsContent value="advanced" className="space-y-3 text-sm text-slate-700">
            <p>
              Advanced settings are coming. Until then every request uses the fixed parameters below, the same as the
              PROSE console.
            </p>
            <FixedApiParameters provider={provider} />
          </TabsContent>
          <TabsContent value="seo" className="space-y-2 text-sm text-slate-700">
            <p>SEO settings are coming.</p>
            <p>
              For now, the SEO Keywords field on the Content tab sets the focus keyphrase, and the SEO Optimization card
              (once there is a draft) picks the platform and the image URLs.
            </p>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
