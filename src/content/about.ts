import type { Feature } from "./types";

export const aboutStory: readonly string[] = [
  "Saluda Ridge Technologies was founded in 2015 in Travelers Rest, South Carolina, with a truck, a ladder and a simple goal: get people connected where the big providers wouldn't. Our first jobs were festivals and tournaments that needed internet in the middle of an open field, and rural homes and farms in the Blue Ridge foothills that were stuck with slow DSL or nothing at all.",
  "Those early projects taught us to plan carefully, test everything and stay until it works. Event organizers began asking us to wire their offices, and rural customers asked about cameras for their gates and barns. One job at a time, we grew into managed internet and failover, SD-WAN, VoIP phone systems, security cameras, structured cabling, IT support, and websites with hosting.",
  "Today we serve businesses, medical and dental practices, camps, schools and local governments across South Carolina, North Carolina and Georgia, and we still travel nationwide for event connectivity. We are still a local team, we still answer our own phone, and we still give plain answers before anyone signs anything.",
];

export const aboutMission: string =
  "Our mission is to give businesses, organizations and rural families in the Carolinas and Georgia technology that works the way it should, installed and supported by people they can actually reach. We recommend only what you need, explain it in plain English and stand behind our work long after the installation is done.";

export const aboutValues: readonly Feature[] = [
  {
    title: "Local Accountability",
    description:
      "We live and work in the Upstate. When something breaks, you talk to a technician who knows your system, and we can be on site instead of opening a ticket in another time zone.",
    icon: "map-pin",
  },
  {
    title: "Plain Answers, No Hidden Fees",
    description:
      "Every quote spells out equipment, labor and monthly costs in writing. If something changes, we tell you before the work is done, not on the invoice.",
    icon: "lightbulb",
  },
  {
    title: "Reliability First",
    description:
      "We design with the bad day in mind: backup connections, tested cable runs and equipment we have used in the field. Nothing is finished until we have tested it.",
    icon: "shield",
  },
  {
    title: "Long-Term Partnership",
    description:
      "Most of our customers started with one project. We document what we install, check in after go-live and grow the system with you as your needs change.",
    icon: "handshake",
  },
];

export const certifications: readonly { name: string; issuer: string }[] = [
  { name: "BICSI Installer 2, Copper & Fiber", issuer: "BICSI" },
  { name: "CompTIA Network+", issuer: "CompTIA" },
  { name: "CompTIA Security+", issuer: "CompTIA" },
  { name: "Cisco Certified Network Associate (CCNA)", issuer: "Cisco" },
  { name: "Ubiquiti Enterprise Wireless Admin (UEWA)", issuer: "Ubiquiti" },
];
