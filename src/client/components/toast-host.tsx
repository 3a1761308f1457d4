import { type ComponentType, useEffect, useState } from "react";
import { TOAST } from "../../shared/limits";
import { registerToastHost } from "../lib/toast";

type ToasterType = ComponentType<{
  visibleToasts?: number;
  duration?: number;
  richColors?: boolean;
  closeButton?: boolean;
  position?: "top-center";
}>;

/**
 * Where the Toaster goes once the first toast loads sonner (lib/toast.ts): nothing on the landing
 * page until then. The Toaster is fixed-position, so mounting it later shifts nothing.
 */
export function ToastHost() {
  const [mounted, setMounted] = useState<{ Toaster: ToasterType; done: () => void } | null>(null);
  useEffect(() => {
    registerToastHost(
      (sonner) => new Promise<void>((done) => setMounted({ Toaster: sonner.Toaster as ToasterType, done })),
    );
  }, []);
  useEffect(() => {
    // The Toaster subscribes in its own effect, which runs before this parent's effect.
    mounted?.done();
  }, [mounted]);
  if (!mounted) return null;
  const { Toaster } = mounted;
  return (
    <Toaster visibleToasts={TOAST.limit} duration={TOAST.durationMs} richColors closeButton position="top-center" />
  );
}
