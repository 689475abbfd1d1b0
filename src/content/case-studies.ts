import type { CaseStudy } from "./types";

/** The first three appear on the home page. Clients are fictional. */
export const caseStudies: readonly CaseStudy[] = [
  {
    slug: "mountain-music-festival-wifi",
    title: "Festival WiFi for a Three-Day Mountain Music Weekend",
    description:
      "Ticket scanners and vendor card readers stalled every year once the crowd filled the field and the nearest cell tower gave out. We brought Starlink and cellular uplinks, a wireless link to the main gate and 40 outdoor access points on separate networks for ticketing, vendors, production and guests. Gates scanned without backups all weekend, and vendors took cards from the first set to the last.",
    category: "Event WiFi",
    image: {
      src: "https://images.unsplash.com/photo-1492684223066-81342ee5ff30?w=1200&q=80",
      alt: "A festival crowd with hands raised in front of a stage lit in bright colors.",
    },
    client: "Tall Pines Bluegrass Weekend",
    location: "Black Mountain, NC",
  },
  {
    slug: "farm-starlink-failover",
    title: "Starlink and Failover for a Working Farm and Farm Stand",
    description:
      "A family farm relied on slow DSL that couldn't handle online orders, card payments at the farm stand or video calls with wholesale buyers. We surveyed the property, mounted Starlink on a pole beside the barn, added a router with cellular failover and ran a wireless link to the farm stand about 600 feet away. Orders, payments and calls now run from the same connection, with a backup ready when storms roll through.",
    category: "Rural Connectivity",
    image: {
      src: "https://images.unsplash.com/photo-1500076656116-558758c991c1?w=1200&q=80",
      alt: "Farm fields in open countryside under a wide sky.",
    },
    client: "Sassafras Hollow Farm",
    location: "Landrum, SC",
  },
  {
    slug: "two-building-office-network-refresh",
    title: "Structured Cabling and Network Refresh for a Two-Building Office",
    description:
      "An engineering firm had outgrown years of added-on cable, unlabeled switches and a single internet line shared by phones, plotters and guests. We ran 140 new Cat6A drops, linked the two buildings with fiber, built a new rack with labeled patch panels and set up managed switches with separate networks for staff, phones, cameras and guests. The closet is now documented port by port, and a second internet line takes over automatically if the first one fails.",
    category: "Network Infrastructure",
    image: {
      src: "https://images.unsplash.com/photo-1558494949-ef010cbdcc31?w=1200&q=80",
      alt: "Network equipment racks with neatly run cables and glowing status lights.",
    },
    client: "Mill Shoals Engineering Group",
    location: "Greenville, SC",
  },
  {
    slug: "regional-conference-event-wifi",
    title: "Conference WiFi and Livestream Uplink in a Converted Warehouse",
    description:
      "The venue's WiFi was built for a few dozen people, and this two-day conference expected several hundred attendees, a sponsor hall and a livestreamed keynote. We combined Starlink and cellular uplinks with the venue's own line, installed 24 access points and gave the streaming encoder its own protected connection. Every keynote streamed without interruption, and exhibitors ran live demos on the show floor.",
    category: "Event WiFi",
    image: {
      src: "https://images.unsplash.com/photo-1505373877841-8d25f7d46678?w=1200&q=80",
      alt: "A presenter speaking in front of a large screen to a seated audience in a dim hall.",
    },
    client: "Southern Piedmont Growers Forum",
    location: "Athens, GA",
  },
  {
    slug: "campground-website-and-booking",
    title: "New Website and Reservation Requests for a Lakeside Campground",
    description:
      "A family campground's old website didn't work on phones, and staff spent much of the day answering the same questions about sites, rates and check-in times. We designed a mobile-friendly site with a site map, clear rate tables and an online reservation request form, then moved it to managed hosting with backups. Staff now update seasonal hours and photos themselves, and routine calls have dropped noticeably.",
    category: "Web Design",
    image: {
      src: "https://images.unsplash.com/photo-1460925895917-afdab827c52f?w=1200&q=80",
      alt: "A laptop on a desk displaying charts of website traffic.",
    },
    client: "Keowee Pines Campground",
    location: "Salem, SC",
  },
  {
    slug: "dental-practice-network-upgrade",
    title: "HIPAA-Aware Network and Phone Upgrade for a Dental Practice",
    description:
      "Imaging sensors timed out, the practice software froze during busy mornings, and patients shared the same WiFi as the front desk. We rewired six operatories, separated clinical systems, staff devices and guest WiFi, installed a managed firewall with encrypted off-site backups and moved the office to hosted VoIP with cellular failover. Imaging and scheduling now run reliably, and patient calls reach the right person on the first ring.",
    category: "Healthcare IT",
    image: {
      src: "https://images.unsplash.com/photo-1576091160399-112ba8d25d1d?w=1200&q=80",
      alt: "A doctor in a white coat holding a tablet computer.",
    },
    client: "Tyger Ridge Family Dental",
    location: "Duncan, SC",
  },
];
