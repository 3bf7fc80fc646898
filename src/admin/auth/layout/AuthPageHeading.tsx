/** The title and one-line introduction above a /user form. */
export function AuthPageHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <header className="auth-heading">
      <h1>{title}</h1>
      {subtitle ? <p>{subtitle}</p> : null}
    </header>
  );
}
