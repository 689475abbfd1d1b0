// The behaviours of every public page, started after the first paint by SiteScripts.astro; browser only.
import "./header-menus";
import "@/components/ui/lazy-image-element";
import { startDiscoverMore } from "@/components/home/discover-more";
import { recordVisit } from "@/lib/attribution/touch-storage";

// The home hero's "DISCOVER MORE" cue (a no-op elsewhere). Here rather than in the home page's own
// <script>, which would be one more request before the first paint (issue 32).
startDiscoverMore();

// Where this visit came from, kept in this browser for the forms (docs/attribution.md); public pages only.
recordVisit();
