import { type RefObject, useEffect } from "react";

interface PlaceResult {
  formatted_address?: string;
}
interface AutocompleteInstance {
  addListener(event: "place_changed", handler: () => void): unknown;
  getPlace(): PlaceResult;
}
interface MapsNamespace {
  maps?: { places?: { Autocomplete: new (input: HTMLInputElement, options: Record<string, unknown>) => AutocompleteInstance } };
}

export const MAPS_SCRIPT_ID = "maps-places-script";

function loadPlacesLibrary(apiKey: string): Promise<void> {
  const existing = document.getElementById(MAPS_SCRIPT_ID) as HTMLScriptElement | null;
  if (existing) {
    return new Promise((resolve, reject) => {
      if ((window as unknown as { google?: MapsNamespace }).google?.maps?.places) resolve();
      existing.addEventListener("load", () => resolve(), { once: true });
      existing.addEventListener("error", () => reject(new Error("maps script failed")), { once: true });
    });
  }
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.id = MAPS_SCRIPT_ID;
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&libraries=places`;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("maps script failed"));
    document.head.appendChild(script);
  });
}

/**
 * §5 address suggestions: US addresses of type "address"; choosing one fills the
 * field with the formatted address. Loaded only when a key is configured and only
 * once the visitor focuses the address field (issue 32: a visitor who never reaches
 * it never downloads the maps library); any set-up error is ignored (§8) and the field
 * stays a plain text input.
 */
export function usePlacesAutocomplete(
  apiKey: string | undefined,
  inputRef: RefObject<HTMLInputElement | null>,
  onSelect: (formattedAddress: string) => void,
): void {
  useEffect(() => {
    if (!apiKey) return;
    let cancelled = false;
    const start = async () => {
      try {
        await loadPlacesLibrary(apiKey);
        const Autocomplete = (window as unknown as { google?: MapsNamespace }).google?.maps?.places?.Autocomplete;
        const input = inputRef.current;
        if (cancelled || !Autocomplete || !input) return;
        const autocomplete = new Autocomplete(input, {
          componentRestrictions: { country: "us" },
          types: ["address"],
          fields: ["formatted_address"],
        });
        autocomplete.addListener("place_changed", () => {
          const address = autocomplete.getPlace().formatted_address;
          if (address) onSelect(address);
        });
      } catch {
        // Suggestions are a convenience: the address can always be typed.
      }
    };
    const input = inputRef.current;
    if (!input) return;
    const onFocus = () => void start();
    // Already focused when the form hydrated: the visitor is there now.
    if (document.activeElement === input) onFocus();
    else input.addEventListener("focus", onFocus, { once: true });
    return () => {
      cancelled = true;
      input.removeEventListener("focus", onFocus);
    };
    // onSelect is stable for the life of the form; re-running would load the library again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiKey, inputRef]);
}
