import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown } from "lucide-react";
import { useEffect, useRef } from "react";
import { navTriggerClass } from "./nav-trigger-class";
import type { NavMenu } from "@/content/navigation";

/**
 * The open-able part of a header menu, loaded on first use (see nav-dropdown.tsx).
 * Radix gives arrow-key navigation, Escape to close and focus return to the trigger.
 */
export function NavDropdownMenu({ menu, openedWithKeyboard }: { menu: NavMenu; openedWithKeyboard: boolean }) {
  const content = useRef<HTMLDivElement>(null);
  // Mounted because the visitor just asked for the menu, so it starts open. Radix
  // moves focus to the first entry when a key opened the menu, but that key was
  // pressed before this component existed: do it here.
  useEffect(() => {
    if (!openedWithKeyboard) return;
    const frame = requestAnimationFrame(() => content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [openedWithKeyboard]);
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
        <DropdownMenu.Trigger
          aria-label={`${menu.label} menu`}
          className={navTriggerClass}
        >
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-data-[state=open]:rotate-180" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            ref={content}
            align="start"
            sideOffset={6}
            className="z-50 min-w-56 rounded-lg border border-border bg-white p-1.5 shadow-lg"
          >
            {menu.items.map((item) => (
              <DropdownMenu.Item key={item.label} asChild>
                <a
                  href={item.href}
                  className="block rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800"
                >
                  {item.label}
                </a>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
