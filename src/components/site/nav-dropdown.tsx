import { ChevronDown } from "lucide-react";
import { type ComponentType, type KeyboardEvent, useState } from "react";
import type { NavMenu } from "@/content/navigation";
import { navTriggerClass } from "./nav-trigger-class";

type MenuComponent = ComponentType<{ menu: NavMenu; openedWithKeyboard: boolean }>;

const loadMenu = (): Promise<MenuComponent> => import("./nav-dropdown-menu").then((module) => module.NavDropdownMenu);

/**
 * A header menu. The label is a real link to the section's page (it works without
 * scripts); the chevron opens the list. The Radix menu (and its positioning
 * engine) is fetched when the visitor reaches for the chevron, not with every
 * page: it is warmed on hover or focus and mounted, open, on click or key press.
 */
export function NavDropdown({ menu }: { menu: NavMenu }) {
  const [Menu, setMenu] = useState<MenuComponent | null>(null);
  const [openedWithKeyboard, setOpenedWithKeyboard] = useState(false);

  const mount = () => {
    void loadMenu().then((component) => setMenu((current: MenuComponent | null): MenuComponent | null => current ?? component));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "Enter" || event.key === " " || event.key === "ArrowDown") {
      event.preventDefault();
      setOpenedWithKeyboard(true);
      mount();
    }
  };

  return (
    <div className="flex items-center">
      <a href={menu.href} className="rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:text-brand-700">
        {menu.label}
      </a>
      {Menu ? (
        <Menu menu={menu} openedWithKeyboard={openedWithKeyboard} />
      ) : (
        <button
          type="button"
          aria-label={`${menu.label} menu`}
          aria-haspopup="menu"
          aria-expanded="false"
          className={navTriggerClass}
          onPointerEnter={() => void loadMenu()}
          onFocus={() => void loadMenu()}
          onClick={mount}
          onKeyDown={onKeyDown}
        >
          <ChevronDown aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
