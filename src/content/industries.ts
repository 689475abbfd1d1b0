import type { Industry } from "./types";

export const industries: readonly Industry[] = [
  {
    slug: "event-organizers",
    name: "Event Organizers",
    description:
      "Reliable internet and WiFi for festivals, concerts, tournaments and conferences, wherever the venue happens to be.",
    fullDescription:
      "Ticket scanners, card readers, live streams and vendor payments all depend on a connection that nearby cell towers can't provide once thousands of people arrive. We plan the network from your site map, bring our own uplinks and access points, and keep a technician on site from gates open to teardown. From county fairs and concert venues to multi-day festivals, we handle the connectivity so you can run the event.",
    solutions: [
      "Temporary Event Internet with Starlink, cellular and wired uplinks",
      "SD-WAN to combine several uplinks into one dependable connection",
      "Security Cameras for gates, parking areas and cash rooms",
      "Network Cabling to stages, box offices and production areas",
    ],
    icon: "calendar",
  },
  {
    slug: "broadcasting-media",
    name: "Broadcasting & Media",
    description:
      "Dedicated, high-upload connections for live broadcasts, streams and remote production.",
    fullDescription:
      "Live video needs steady upload bandwidth and low latency, not just a fast download speed. We build isolated production networks with combined uplinks, give your encoders priority, and run hard-wired drops to camera positions and the production truck. Whether it's a high school championship, a Sunday service or a multi-camera festival stream, we test the full path before you go live.",
    solutions: [
      "Temporary Event Internet with dedicated upload for encoders",
      "SD-WAN to combine uplinks and prioritize streaming traffic",
      "Starlink Business Internet for remote shoot locations",
      "Network Cabling to camera positions and production trucks",
    ],
    icon: "radio",
  },
  {
    slug: "dental-medical",
    name: "Dental / Medical",
    description:
      "Dependable, HIPAA-aware networks, phones and cameras for dental offices, medical clinics and specialty practices.",
    fullDescription:
      "Practice management software, digital imaging, e-prescribing and patient check-in all stop when the network does. We design practice networks that keep clinical systems apart from guest WiFi, add failover so the front desk keeps working through an outage, and set up phones that get patients to the right person. Our approach is HIPAA-aware, with encryption, access controls and documentation that support your compliance program, while your practice remains responsible for its own policies.",
    solutions: [
      "Managed Internet & Failover for the front desk and imaging",
      "VoIP Phone Systems with auto attendant and call routing",
      "IT Support for workstations, backups and security updates",
      "Network Cabling for operatories, exam rooms and imaging",
      "Security Cameras for entrances, parking and supply rooms",
    ],
    icon: "stethoscope",
  },
  {
    slug: "retail-pos",
    name: "Retail & POS",
    description:
      "Stable connections for card terminals, point-of-sale systems and guest WiFi in shops, restaurants and multi-location retailers.",
    fullDescription:
      "When the internet goes down, so do card payments, online orders and inventory sync. We put point-of-sale systems on their own protected network, add automatic failover to cellular or Starlink, and keep guest WiFi away from the registers. Cameras, phones and cabling can come from the same team, so there is one number to call when something stops working.",
    solutions: [
      "Managed Internet & Failover to keep card terminals online",
      "Security Cameras covering registers, stockrooms and entrances",
      "VoIP Phone Systems shared across every location",
      "SD-WAN for retailers with several storefronts",
      "Web Design & Hosting for your storefront, menus and hours",
    ],
    icon: "shopping-cart",
  },
  {
    slug: "rural-homes",
    name: "Rural Homes",
    description:
      "High-speed internet and whole-home WiFi for farms, mountain properties and rural homes past the end of the cable line.",
    fullDescription:
      "Many homes in the Upstate foothills and the Carolina countryside still choose between slow DSL, a capped cellular plan or nothing at all. We survey the property, install Starlink with a solid mount and a clean cable run, and extend WiFi to the house, shop, barn or guest cabin. If you work from home, we can add a backup connection so a video call survives a storm.",
    solutions: [
      "Starlink Business Internet installed and tuned for your property",
      "Network Cabling and outdoor links to shops, barns and cabins",
      "Security Cameras for gates, driveways and outbuildings",
      "Managed Internet & Failover for people who work from home",
    ],
    icon: "home",
  },
  {
    slug: "scouts-camps",
    name: "Scouts & Camps",
    description:
      "Internet, WiFi and safety systems for scout camps, summer camps, schools and outdoor education programs.",
    fullDescription:
      "Camps and outdoor classrooms often sit on land that wired internet never reached, yet staff still need to check in campers, take payments, reach parents and call for help. We connect dining halls, offices and program areas with Starlink and point-to-point wireless, and keep staff and camper networks separate, with content filtering where you want it. Schools and education programs get the same care: cabling, WiFi and cameras sized to the building and the budget.",
    solutions: [
      "Starlink Business Internet for remote camp properties",
      "Temporary Event Internet for camporees, field days and retreats",
      "Network Cabling and WiFi for classrooms and dining halls",
      "Security Cameras for entrances, waterfronts and parking",
      "VoIP Phone Systems for camp offices and school front desks",
    ],
    icon: "tent",
  },
  {
    slug: "local-government",
    name: "Local Government",
    description:
      "Networks, phones and cameras for town halls, public works, parks and community buildings.",
    fullDescription:
      "Small towns and counties need dependable systems without an enterprise price tag or an out-of-state vendor. We wire and connect town halls, public works yards, parks and community centers, set up phones with routing for every department, and install cameras that record clear video you can find when you need it. We work within your procurement process and provide written quotes and documentation your staff can keep on file.",
    solutions: [
      "Network Cabling for town halls and public works buildings",
      "VoIP Phone Systems with department routing and after-hours rules",
      "Security Cameras for parks, yards and public buildings",
      "Managed Internet & Failover for offices that can't go offline",
      "Temporary Event Internet for festivals and community events",
    ],
    icon: "landmark",
  },
];
