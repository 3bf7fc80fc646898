/**
 * 'Remember me' keeps the last account name in local storage, so the login form opens with
 * it filled in. Only the name is kept; the password never is.
 */
const REMEMBERED_USERNAME_KEY = 'Login_Remember_Username';

export function rememberedUsername(): string | undefined {
  return localStorage.getItem(REMEMBERED_USERNAME_KEY) ?? undefined;
}

export function rememberUsername(username: string | null) {
  if (username) localStorage.setItem(REMEMBERED_USERNAME_KEY, username);
  else localStorage.removeItem(REMEMBERED_USERNAME_KEY);
}
