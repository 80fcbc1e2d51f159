/** Generated target secrets: `whsec_` + 24 random bytes in base64url (web crypto: runs wherever the core does). */
export function generatedSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const text = btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
  return `whsec_${text}`;
}
