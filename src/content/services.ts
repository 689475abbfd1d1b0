import type { Service, ServiceStatistic } from "./types";

/** Shown on the back of a home flip card when a service has no statistic of its own. */
export const defaultServiceStatistic: ServiceStatistic = { value: "100%", label: "Satisfaction" };

export const services: readonly Service[] = [
  {
    slug: "managed-internet",
    title: "Managed Internet & Failover",
    description:
      "Business internet we monitor and manage, with automatic failover to a second line so card readers, phones and cloud apps keep working when your main connection drops.",
    icon: "wifi",
    features: [
      "Proactive monitoring with outage alerts",
      "Automatic failover to a backup connection",
      "One point of contact for every carrier",
    ],
    extraFeatures: [
      "Fiber, cable, fixed wireless, cellular or Starlink as the backup",
      "Business-grade router and firewall, configured and maintained",
      "We call the carrier and follow the repair ticket for you",
      "Plain-English reports on outages, failovers and usage",
    ],
    image: {
      src: "https://images.unsplash.com/photo-1516044734145-07ca8eef8731?w=1200&q=80",
      alt: "A wireless router with its antennas raised, sitting on a table.",
    },
    statistic: { value: "99.9%", label: "Uptime" },
    ctaLabel: "Get a Quote",
  },
  {
    slug: "sd-wan",
    title: "SD-WAN",
    description:
      "Tie your locations and internet lines together with SD-WAN that sends each application over the best available path and keeps calls clear when a line slows down.",
    icon: "network",
    features: [
      "Application-aware traffic steering",
      "Central management for every location",
      "Encrypted site-to-site connections",
    ],
    extraFeatures: [
      "Combine fiber, cable, cellular and Starlink into one connection",
      "Voice and video prioritized over large downloads and backups",
      "New branches brought online with a preconfigured edge device",
      "Policy changes pushed to every site from one dashboard",
    ],
    image: {
      src: "https://images.unsplash.com/photo-1451187580459-43490279c0fa?w=1200&q=80",
      alt: "Planet Earth seen from space, glowing against a dark sky, suggesting a global network.",
    },
    statistic: { value: "65%", label: "Cost Savings" },
    ctaLabel: "Request Information",
  },
  {
    slug: "voip-phone-systems",
    title: "VoIP Phone Systems",
    description:
      "Hosted business phone service with desk phones, a softphone app and local setup. Keep your numbers, add an auto attendant and route every call where it belongs.",
    icon: "phone",
    features: [
      "Keep your existing phone numbers",
      "Desk phones and a softphone app",
      "Auto attendant and call routing",
    ],
    extraFeatures: [
      "Voicemail transcription delivered to your inbox",
      "Business texting from your main number",
      "Ring groups, hunt lists and after-hours rules",
      "E911 location registered for every number",
    ],
    image: {
      src: "https://images.unsplash.com/photo-1512941937669-90a1b58e7e9c?w=1200&q=80",
      alt: "A person holding a smartphone with its screen lit.",
    },
    details: [
      "A hosted VoIP system moves your phone system to the cloud. There is no phone server in a closet to maintain: your numbers, extensions, auto attendant, ring groups, voicemail and call recordings live on the provider's platform, and changes are made from a web portal or with a quick request to us. Typical setups include calling across the US and Canada, call transfer and park, conference bridges, business texting and schedules that switch to after-hours handling on their own. Many platforms also include video meetings and team chat in the same app.",
      "You keep your existing numbers. We submit the port request with a signed letter of authorization and a recent bill from your current carrier, and most ports complete within one to a few weeks, depending on the carrier. Your old service keeps working until the moment the number moves, so callers never reach a dead line. Keep the old account active until we confirm the port is done.",
      "Choose desk phones for the front office, cordless handsets for the shop floor, conference phones for meeting rooms, or no hardware at all. Every user can also make and take calls in the softphone app on an iPhone, Android phone or computer, with the same extension and business caller ID. For emergency calls, we register a street address, plus a floor or suite where needed, for every number in line with federal E911 rules, and we show remote staff how to update their location when they work somewhere else.",
      "VoIP runs over your internet connection, so we check that first. Each active call uses roughly 100 kbps in each direction, which means a steady connection matters more than a big download speed. We set up quality of service (QoS) on your router or firewall so voice traffic goes first, place phones on their own network segment where it helps, and recommend a failover connection so an outage doesn't take your phones down with it. If the internet does drop, calls can forward automatically to cell phones until it returns.",
    ],
    statistic: { value: "40+", label: "Businesses Connected" },
    ctaLabel: "Get a Quote",
    learnMoreHref: "/greenville-voip",
  },
  {
    slug: "security-cameras",
    title: "Security Cameras",
    description:
      "IP camera systems for offices, shops, job sites and farms, with clear day and night video, secure viewing from your phone and recordings you control.",
    icon: "camera",
    features: [
      "HD and 4K IP cameras, indoor and outdoor",
      "Live and recorded video on your phone",
      "Local recording with cloud backup options",
    ],
    extraFeatures: [
      "Site walk to plan coverage of doors, lots, gates and registers",
      "Cameras on their own network, kept apart from office computers",
      "Motion alerts tuned to cut down on false alarms",
      "Weather-rated mounts and cabling with a clean finish",
    ],
    image: {
      src: "https://images.unsplash.com/photo-1557597774-9d273605dfa9?w=1200&q=80",
      alt: "A white security camera mounted high on a wall.",
    },
    statistic: { value: "5000+", label: "Cameras Installed" },
    ctaLabel: "Get a Quote",
  },
  {
    slug: "network-cabling",
    title: "Network Cabling",
    description:
      "Structured Cat6, Cat6A and fiber cabling for offices, clinics, warehouses and schools, installed neatly, labeled, tested and documented.",
    icon: "cable",
    features: [
      "Cat6, Cat6A and fiber installation",
      "Every run labeled, tested and documented",
      "Racks, patch panels and closet cleanup",
    ],
    image: {
      src: "https://images.unsplash.com/photo-1544197150-b99a580bb7a8?w=1200&q=80",
      alt: "Network cables plugged into a row of ports on a network switch.",
    },
    statistic: { value: "200+", label: "Miles of Cable Run" },
    ctaLabel: "Get a Quote",
  },
  {
    slug: "it-support",
    title: "IT Support",
    description:
      "Help desk and on-site IT support for small businesses: computers, Microsoft 365 and Google Workspace, backups, security updates and everything in between.",
    icon: "headset",
    features: [
      "Local help desk and on-site visits",
      "Updates, backups and endpoint security",
      "Microsoft 365 and Google Workspace help",
    ],
    image: {
      src: "https://images.unsplash.com/photo-1551434678-e076c223a692?w=1200&q=80",
      alt: "Coworkers sitting around a shared desk, working on laptops and large monitors.",
    },
    statistic: { value: "15min", label: "Avg Response Time" },
    ctaLabel: "Request Information",
  },
  {
    slug: "web-design",
    title: "Web Design & Hosting",
    description:
      "Fast, mobile-friendly websites for local businesses, with managed hosting, backups, security updates and a real person to call when a page needs changing.",
    icon: "globe",
    features: [
      "Custom design that works well on phones",
      "Managed hosting, backups and SSL",
      "Local search basics set up from day one",
    ],
    image: {
      src: "https://images.unsplash.com/photo-1467232004584-a241de8bcf5d?w=1200&q=80",
      alt: "A laptop and a desktop computer side by side on a tidy work desk.",
    },
    statistic: { value: "100+", label: "Sites Launched" },
    ctaLabel: "Request Information",
  },
  {
    slug: "temporary-event-internet",
    title: "Temporary Event Internet",
    description:
      "Temporary internet and WiFi for festivals, conferences, tournaments and construction sites, from a single job trailer to thousands of guests on an open field.",
    icon: "calendar",
    features: [
      "Starlink, cellular and wired uplinks",
      "Outdoor WiFi for crowds, vendors and staff",
      "On-site technician from setup to teardown",
    ],
    extraFeatures: [
      "Separate networks for ticketing, vendors, press and guests",
      "Job-site trailers online while you wait for a wired line",
      "Point-to-point links to reach distant gates, stages and offices",
      "Delivery, setup and teardown on your schedule",
    ],
    image: {
      src: "https://images.unsplash.com/photo-1540575467063-178a50c2df87?w=1200&q=80",
      alt: "An audience seated in a large conference hall, facing a brightly lit stage.",
    },
    statistic: { value: "350+", label: "Events Connected" },
    ctaLabel: "Get a Quote",
  },
  {
    slug: "starlink",
    title: "Starlink Business Internet",
    description:
      "Starlink installed for rural businesses, homes and remote job sites, with a site survey, a clean mount and failover alongside your existing internet.",
    icon: "satellite",
    features: [
      "Site survey for a clear view of the sky",
      "Roof, pole or wall mounting",
      "Router and mesh WiFi integration",
    ],
    extraFeatures: [
      "Cable routed, sealed and protected where it enters the building",
      "Automatic failover with your existing wired provider",
      "WiFi extended to the house, shop, barn or guest cabin",
      "Quick setups for remote job sites and temporary offices",
    ],
    image: {
      src: "https://images.unsplash.com/photo-1500382017468-9049fed747ef?w=1200&q=80",
      alt: "An open farm field under a wide sky, with the sun low on the horizon.",
    },
    ctaLabel: "Get a Quote",
  },
];
