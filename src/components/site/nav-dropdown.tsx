"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown } from "lucide-react";
import Link from "next/link";
import type { NavMenu } from "@/content/navigation";

/**
 * A header menu: the label is a real link to the section's page (so it works
 * without scripts); the chevron opens the list. Radix gives arrow-key navigation,
 * Escape to close and focus return to the trigger.
 */
export function NavDropdown({ menu }: { menu: NavMenu }) {
  return (
    <div className="flex items-center">
      <Link href={menu.href} className="rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:text-brand-700">
        {menu.label}
      </Link>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`${menu.label} menu`}
          className="group -ml-1 inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-muted hover:text-brand-700 data-[state=open]:bg-muted no-js:hidden"
        >
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-data-[state=open]:rotate-180" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={6}
            className="z-50 min-w-56 rounded-lg border border-border bg-white p-1.5 shadow-lg"
          >
            {menu.items.map((item) => (
              <DropdownMenu.Item key={item.label} asChild>
                <Link
                  href={item.href}
                  className="block rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800"
                >
                  {item.label}
                </Link>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
