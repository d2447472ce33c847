import { describe, expect, it, vi } from "vitest";
import { createStepUpController } from "@/lib/client/step-up";

describe("the step-up question", () => {
  it("is asked once for calls that need it at the same time, and answers them all", async () => {
    const controller = createStepUpController();
    const listener = vi.fn();
    controller.subscribe(listener);
    const first = controller.ask();
    const second = controller.ask();
    expect(controller.isOpen()).toBe(true);
    expect(listener).toHaveBeenCalledOnce();
    controller.settle(true);
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(controller.isOpen()).toBe(false);
  });

  it("opens afresh after an answer", async () => {
    const controller = createStepUpController();
    const given = controller.ask();
    controller.settle(false);
    await expect(given).resolves.toBe(false);
    const next = controller.ask();
    expect(controller.isOpen()).toBe(true);
    controller.settle(true);
    await expect(next).resolves.toBe(true);
  });
});
