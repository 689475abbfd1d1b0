import { SocialIcon } from "@/components/site/social-icon";

/** §2: Facebook, Twitter and LinkedIn, each in a new tab with the page URL encoded. */
export function shareUrls(pageUrl: string, title: string) {
  const url = encodeURIComponent(pageUrl);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    twitter: `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(title)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
  } as const;
}

const labels = { facebook: "Facebook", twitter: "Twitter", linkedin: "LinkedIn" } as const;

export function ShareLinks({ pageUrl, title }: { pageUrl: string; title: string }) {
  const urls = shareUrls(pageUrl, title);
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm font-medium text-slate-700">Share:</span>
      <ul className="flex gap-2">
        {(Object.keys(urls) as (keyof typeof urls)[]).map((network) => (
          <li key={network}>
            <a
              href={urls[network]}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Share on ${labels[network]} (opens in a new tab)`}
              className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 text-slate-700 hover:border-brand-600 hover:text-brand-700"
            >
              <SocialIcon network={network} />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
