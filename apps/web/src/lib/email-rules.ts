/** SPEC.md point 5: non-empty, no spaces, an @ and a dot after it. Answers the message key of the problem. */
export function emailProblem(email: string): 'messages.ecology_A1' | 'messages.invalidEmail' | null {
  if (email === '') return 'messages.ecology_A1';
  if (/\s/.test(email) || !/^[^@]+@[^@]+\.[^@.]+$/.test(email)) return 'messages.invalidEmail';
  return null;
}

/** RULES.md: 8-20 characters with at least one letter and one digit. */
export function passwordMeetsPolicy(password: string): boolean {
  return password.length >= 8 && password.length <= 20 && /[A-Za-z]/.test(password) && /\d/.test(password);
}
