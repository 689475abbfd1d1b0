/**
 * A field only bots fill in: off-screen, out of the tab order and hidden from
 * assistive technology, so no person ever sees or hears it.
 */
export function HoneypotField({ name, register }: { name: string; register?: Record<string, unknown> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden" inert>
      <label>
        Leave this field empty
        <input type="text" tabIndex={-1} autoComplete="off" {...register} name={name} defaultValue="" />
      </label>
    </div>
  );
}
