/** A telephone number people can call with a tap: `tel:` without the spaces it is written with. */
export function PhoneLink({ number }: { number: string }) {
  return <a href={`tel:${number.replace(/\s/g, '')}`}>{number}</a>;
}
