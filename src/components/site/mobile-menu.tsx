import { Menu } from "lucide-react";
import { type ComponentType, useState } from "react";
import { routes } from "@/lib/routes";
import { mobileToggleClass } from "./mobile-toggle-class";

const loadDialog = (): Promise<ComponentType> => import("./mobile-menu-dialog").then((module) => module.MobileMenuDialog);

/**
 * The phone-width menu toggle. The dialog (Radix, with its focus trap and scroll
 * lock) is fetched when the visitor touches the toggle rather than with every page.
 */
export function MobileMenu() {
  const [MenuDialog, setMenuDialog] = useState<ComponentType | null>(null);
  const open = () => {
    void loadDialog().then((component) => setMenuDialog((current: ComponentType | null): ComponentType | null => current ?? component));
  };
  return (
    <>
      {MenuDialog ? (
        <MenuDialog />
      ) : (
        <button type="button" aria-label="Open menu" aria-haspopup="dialog" aria-expanded="false" className={mobileToggleClass} onPointerEnter={() => void loadDialog()} onClick={open}>
          <Menu aria-hidden="true" className="size-6" />
        </button>
      )}
      {/* Without scripts the dialog cannot open: the toggle becomes a link to the HTML sitemap. */}
      <a href={routes.sitemap} className="hidden min-h-11 items-center rounded-md px-3 font-medium text-slate-800 no-js:inline-flex">
        Menu
      </a>
    </>
  );
}
