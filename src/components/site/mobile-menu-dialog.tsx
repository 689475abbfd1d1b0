import * as Dialog from "@radix-ui/react-dialog";
import { Menu, Phone, X } from "lucide-react";
import { headerLinks, headerMenus } from "@/content/navigation";
import { site } from "@/content/site";
import { routes } from "@/lib/routes";
import { buttonVariants } from "@/components/ui/button-variants";
import { mobileToggleClass } from "./mobile-toggle-class";

const itemClass = "flex min-h-11 items-center rounded-md px-3 text-base text-slate-800 hover:bg-brand-50 hover:text-brand-800";

/**
 * The phone-width menu, loaded on first use (see mobile-menu.tsx): a Radix dialog,
 * so focus is trapped, Escape closes and focus returns to the toggle.
 */
export function MobileMenuDialog() {
  // Mounted because the visitor just pressed the toggle: it starts open.
  return (
    <Dialog.Root defaultOpen>
      <Dialog.Trigger aria-label="Open menu" className={mobileToggleClass}>
        <Menu aria-hidden="true" className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col overflow-y-auto bg-white p-4 shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Menu</Dialog.Title>
            <Dialog.Close aria-label="Close menu" className="inline-flex size-11 items-center justify-center rounded-md hover:bg-muted">
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="mt-4 flex flex-col gap-4">
            {headerMenus.map((menu) => (
              <div key={menu.label}>
                <Dialog.Close asChild>
                  <a href={menu.href} className={`${itemClass} font-semibold`}>
                    {menu.label}
                  </a>
                </Dialog.Close>
                <ul className="ml-3 border-l border-border pl-2">
                  {menu.items.map((item) => (
                    <li key={item.label}>
                      <Dialog.Close asChild>
                        <a href={item.href} className={itemClass}>
                          {item.label}
                        </a>
                      </Dialog.Close>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <ul>
              {headerLinks.map((link) => (
                <li key={link.href}>
                  <Dialog.Close asChild>
                    <a href={link.href} className={`${itemClass} font-semibold`}>
                      {link.label}
                    </a>
                  </Dialog.Close>
                </li>
              ))}
            </ul>
            <Dialog.Close asChild>
              <a href={routes.contact()} className={buttonVariants({ size: "lg" })}>
                Get Started
              </a>
            </Dialog.Close>
            <a href={site.phone.href} className={buttonVariants({ variant: "outline", size: "lg" })}>
              <Phone aria-hidden="true" />
              {site.phone.display}
            </a>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
