// The one place a provider 401 lands: the app registers what signing out means (clear state, go to /).
type Handler = () => void;

let handler: Handler = () => undefined;

export function setUnauthorizedHandler(next: Handler): void {
  handler = next;
}

export function handleUnauthorized(): void {
  handler();
}
