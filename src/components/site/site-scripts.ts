// The behaviours of every public page, started by SiteLayout.astro's one script; browser only.
import "./header-menus";
import "@/components/ui/lazy-image-element";
import { recordVisit } from "@/lib/attribution/touch-storage";

// Where this visit came from, kept in this browser for the forms (docs/attribution.md); public pages only.
recordVisit();
