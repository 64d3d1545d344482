/**
 * The text a person reads without opening an error's "Details" disclosure, where the raw text
 * (the service's own message, field paths) is kept for whoever reports the problem.
 */
export function wordsShown(wrapper: { element: Element } | Element): string {
  const element = wrapper instanceof Element ? wrapper : wrapper.element;
  const copy = element.cloneNode(true) as Element;
  for (const detail of copy.querySelectorAll('[data-testid="error-detail"]')) detail.remove();
  return copy.textContent ?? '';
}

/** The raw text behind the "Details" disclosures inside `wrapper`. */
export function detailsText(wrapper: { element: Element } | Element): string {
  const element = wrapper instanceof Element ? wrapper : wrapper.element;
  return [...element.querySelectorAll('[data-testid="error-detail"] pre')]
    .map((n) => n.textContent)
    .join('\n');
}
