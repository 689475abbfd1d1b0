import {
  Award,
  Cable,
  Calendar,
  Camera,
  Clock,
  Globe,
  Handshake,
  Headset,
  House,
  Landmark,
  Lightbulb,
  type LucideIcon,
  MapPin,
  MessageSquare,
  Network,
  Phone,
  Radio,
  Route,
  Satellite,
  Server,
  Shield,
  ShoppingCart,
  Smartphone,
  Stethoscope,
  Tent,
  Users,
  Voicemail,
  Wifi,
} from "lucide-react";
import type { IconName } from "@/content/types";
import { cn } from "@/lib/cn";

const icons: Record<IconName, LucideIcon> = {
  wifi: Wifi,
  network: Network,
  phone: Phone,
  camera: Camera,
  cable: Cable,
  headset: Headset,
  globe: Globe,
  calendar: Calendar,
  satellite: Satellite,
  radio: Radio,
  stethoscope: Stethoscope,
  "shopping-cart": ShoppingCart,
  home: House,
  tent: Tent,
  landmark: Landmark,
  shield: Shield,
  server: Server,
  message: MessageSquare,
  voicemail: Voicemail,
  route: Route,
  "map-pin": MapPin,
  smartphone: Smartphone,
  award: Award,
  users: Users,
  handshake: Handshake,
  lightbulb: Lightbulb,
  clock: Clock,
};

/** Renders a content icon by name; always decorative, the text beside it carries the meaning. */
export function ContentIcon({ name, className }: { name: IconName; className?: string }) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" className={cn("size-6", className)} />;
}
