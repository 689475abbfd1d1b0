/**
 * Keyboard and state for the header's native menus (SiteHeader.astro). The platform
 * opens and closes the dropdowns (a popover from its `popovertarget` button, light
 * dismiss) and exposes their expanded state; the phone menu's <dialog> traps focus and
 * closes on Escape. This adds what the ARIA menu-button and dialog patterns expect on
 * top: arrow keys, Home/End, focus into the menu and back, the dialog opening and its
 * toggle's aria-expanded.
 */

const MENU_ITEM = '[role="menuitem"]';

function menuItems(menu: HTMLElement): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>(MENU_ITEM)];
}

function focusItem(menu: HTMLElement, index: number): void {
  const items = menuItems(menu);
  if (items.length === 0) return;
  items[(index + items.length) % items.length]?.focus();
}

const anchorPositioning = typeof CSS !== "undefined" && CSS.supports("position-area", "bottom");

/** Without CSS anchor positioning, place the open menu under its trigger by hand. */
function placeUnder(menu: HTMLElement, trigger: HTMLElement): void {
  if (anchorPositioning) return;
  const box = trigger.getBoundingClientRect();
  menu.style.setProperty("--header-menu-top", `${box.bottom + 6}px`);
  menu.style.setProperty("--header-menu-left", `${box.left}px`);
}

function setUpDropdown(trigger: HTMLButtonElement): void {
  const menu = trigger.popoverTargetElement;
  if (!(menu instanceof HTMLElement)) return;
  // The entries are reached with the arrow keys, not Tab (with no script they stay tabbable).
  for (const item of menuItems(menu)) item.tabIndex = -1;

  const open = (focusIndex: number) => {
    if (!menu.matches(":popover-open")) menu.showPopover();
    focusItem(menu, focusIndex);
  };
  const close = () => {
    if (menu.matches(":popover-open")) menu.hidePopover();
    trigger.focus();
  };

  menu.addEventListener("beforetoggle", (event) => {
    if ((event as ToggleEvent).newState === "open") placeUnder(menu, trigger);
  });

  trigger.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " " || event.key === "ArrowDown") {
      event.preventDefault();
      open(0);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      open(-1);
    }
  });

  menu.addEventListener("keydown", (event) => {
    const items = menuItems(menu);
    const current = items.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case "ArrowDown":
        focusItem(menu, current + 1);
        break;
      case "ArrowUp":
        focusItem(menu, current - 1);
        break;
      case "Home":
        focusItem(menu, 0);
        break;
      case "End":
        focusItem(menu, -1);
        break;
      case "Escape":
        close();
        break;
      case " ":
        // Enter follows the link natively; Space chooses the entry too.
        (document.activeElement as HTMLElement | null)?.click();
        break;
      case "Tab":
        // Leaving the menu closes it; Tab then carries on from the trigger.
        close();
        return;
      default:
        return;
    }
    event.preventDefault();
  });
}

function setUpMobileMenu(toggle: HTMLButtonElement): void {
  const dialog = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
  if (!(dialog instanceof HTMLDialogElement)) return;
  const sync = () => toggle.setAttribute("aria-expanded", String(dialog.open));

  dialog.addEventListener("toggle", sync);
  dialog.addEventListener("close", sync);

  toggle.addEventListener("click", () => {
    if (!dialog.open) dialog.showModal();
    sync();
  });
  // The close button is an invoker command; where commands are missing, its click does it.
  if (!("command" in HTMLButtonElement.prototype)) {
    for (const closer of dialog.querySelectorAll<HTMLButtonElement>('button[command="close"]')) {
      closer.addEventListener("click", () => dialog.close());
    }
  }

  dialog.addEventListener("click", (event) => {
    const target = event.target as Element;
    // A link was chosen (it may point into this very page), or the backdrop was clicked.
    if (target.closest("a[href]") || (target === dialog && outside(dialog, event))) dialog.close();
  });

  // Keep Tab inside the dialog even where the browser would let it reach its own toolbar.
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")].filter((el) => el.checkVisibility());
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
}

function outside(dialog: HTMLDialogElement, event: MouseEvent): boolean {
  const box = dialog.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}

for (const trigger of document.querySelectorAll<HTMLButtonElement>("button[data-header-menu-trigger]")) setUpDropdown(trigger);
for (const toggle of document.querySelectorAll<HTMLButtonElement>("button[data-mobile-menu-toggle]")) setUpMobileMenu(toggle);
