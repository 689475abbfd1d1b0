import type { FaqItem, Feature } from "./types";

export const voipHero: { eyebrow: string; title: string; intro: string } = {
  eyebrow: "Hosted VoIP for the Upstate",
  title: "Greenville Business Phone Systems, Installed and Supported Locally",
  intro:
    "Hosted VoIP for offices, practices and shops in Greenville, Taylors and Mauldin. Keep your numbers, answer calls from a desk phone or your cell, and reach a local team whenever you need a change.",
};

export const voipFeatures: readonly Feature[] = [
  {
    title: "Softphone App",
    description:
      "Make and take calls on your business number from an iPhone, Android phone or computer. Your personal cell number stays private, and calls can ring your desk phone and your mobile at the same time.",
    icon: "smartphone",
  },
  {
    title: "Business SMS",
    description:
      "Text customers from your main business number instead of someone's personal cell. Conversations stay with the business, so appointment confirmations and quick answers aren't lost when someone is out, and we handle the carrier registration that business texting now requires.",
    icon: "message",
  },
  {
    title: "Voicemail Transcription",
    description:
      "Voicemails arrive in your inbox as text, with the audio attached. You can read messages between appointments and return the urgent calls first.",
    icon: "voicemail",
  },
  {
    title: "Hunt Lists and Call Routing",
    description:
      "Send every call to the right person with ring groups, hunt lists, an auto attendant and time-of-day rules. After hours, calls can go to voicemail, an answering service or an on-call cell phone.",
    icon: "route",
  },
  {
    title: "Local Support",
    description:
      "Our technicians are based in the Upstate and install every system in person. When you need a new extension or a different holiday greeting, you reach someone who already knows your setup.",
    icon: "map-pin",
  },
];

export const voipServiceArea: string =
  "We install and support business phone systems throughout Greenville, Taylors and Mauldin, and across the wider Upstate, including Greer, Simpsonville, Easley, Travelers Rest and Spartanburg. Because the service is hosted, your phones work anywhere you have internet, but planning, installation, training and on-site visits come from a local team that can be at your office when it matters.";

export const voipCallToAction: { title: string; text: string; buttonLabel: string; note: string } = {
  title: "See What a Better Phone System Would Look Like",
  text: "Tell us how calls reach your team today and what frustrates you about it. We'll review your current bill, your internet connection and your call routing, then give you a written recommendation with clear monthly pricing.",
  buttonLabel: "Get Your Free VoIP Assessment",
  note: "It starts with a 15-minute, no-obligation consultation. No pressure and no hidden fees.",
};

export const voipFaq: readonly FaqItem[] = [
  {
    question: "Can we keep our current business phone number?",
    answer:
      "Yes. We port your existing numbers from your current carrier, which typically takes one to a few weeks depending on the carrier. Your old line keeps working until the port completes, and we schedule the switch so callers never hit downtime. Keep your old account active until we confirm every number has moved.",
  },
  {
    question: "What features are included?",
    answer:
      "Standard setups include an auto attendant, extensions, voicemail with transcription to e-mail, ring groups and hunt lists, call transfer and park, business texting and the softphone app. Call recording, call queues and conference bridges are available when you need them. We go over which features fit your office during the assessment, so you don't pay for extras you won't use.",
  },
  {
    question: "How does setup work?",
    answer:
      "Every system comes with white-glove onboarding: we handle it from start to finish. We map out your call flow with you, program extensions and greetings, deliver phones already configured and start the number port. On cutover day a technician is on site to confirm every line works, then walks your staff through the basics.",
  },
  {
    question: "Is support really local?",
    answer:
      "Yes. Our team works out of Travelers Rest and supports businesses across Greenville, Taylors, Mauldin and the rest of the Upstate. Changes such as adding a user or updating a holiday greeting are handled by people who know your system, and we come on site when a problem needs hands-on attention.",
  },
  {
    question: "Does it work with our CRM and calendar?",
    answer:
      "In most cases, yes. The platforms we deploy offer integrations with popular CRMs such as HubSpot, Salesforce and Zoho, and with Microsoft 365 and Google Workspace calendars, so incoming calls can pull up the customer's record and be logged automatically. What's available depends on your plan and your software, so we confirm exactly what connects before you commit.",
  },
];
