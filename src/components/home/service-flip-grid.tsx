import { ServiceFlipCard, type ServiceFlipCardProps } from "./service-flip-card";

/**
 * The home page's grid of flip cards: one island (hydrated when it comes into view),
 * so every card turns as soon as the grid is on screen. Props are plain data.
 */
export function ServiceFlipGrid({ cards }: { cards: readonly ServiceFlipCardProps[] }) {
  return (
    <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <li key={card.slug}>
          <ServiceFlipCard {...card} />
        </li>
      ))}
    </ul>
  );
}
