/** E-mail and phone of a lead, as plain text the administrator can copy. */
export function ContactInfo({ email, phone }: { email: string; phone: string }) {
  return (
    <div className="flex flex-col gap-0.5 text-sm [overflow-wrap:anywhere]">
      <span className="text-slate-900">{email}</span>
      <span className="text-slate-700">{phone}</span>
    </div>
  );
}
