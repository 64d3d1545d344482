import { onBeforeUnmount, onMounted } from 'vue';

/*
 * Two things Naive UI draws that a screen reader cannot use, put right once for the whole app
 * rather than in every card and dialog. Naive UI sets these roles when it creates the elements and
 * never patches them again, so a repair made once lasts as long as the element.
 *
 * - A card's header row is a heading holding its title in a second heading, neither with a
 *   level: each card title is listed twice, outside the page's outline, with the row's buttons
 *   read as part of it. The row becomes a plain row; the title a heading at level 2 (under the
 *   page's h1), or at the level a card names with `data-heading-level`.
 * - Dialogs and drawers (confirmations from `useDialog` included, which take no attributes) have
 *   no name: a dialog without one is named by the title it shows.
 */

const cardHeader = '.n-card-header[role="heading"]';
const unnamedDialog = '[role="dialog"]:not([aria-label]):not([aria-labelledby])';
const dialogTitle = '.n-dialog__title, .n-card-header__main, .n-drawer-header__main';

let lastId = 0;

function repairCardHeadings(root: ParentNode): void {
  for (const row of root.querySelectorAll<HTMLElement>(cardHeader)) {
    row.removeAttribute('role');
    const title = row.querySelector<HTMLElement>(':scope > .n-card-header__main');
    const level = row.closest<HTMLElement>('.n-card')?.dataset.headingLevel ?? '2';
    title?.setAttribute('aria-level', level);
  }
}

function nameDialogs(root: ParentNode): void {
  for (const dialog of root.querySelectorAll<HTMLElement>(unnamedDialog)) {
    const title = dialog.querySelector<HTMLElement>(dialogTitle);
    if (!title?.textContent?.trim()) continue;
    title.id ||= `dialog-title-${++lastId}`;
    dialog.setAttribute('aria-labelledby', title.id);
  }
}

function repair(): void {
  repairCardHeadings(document.body);
  nameDialogs(document.body);
}

/** Keeps every card heading levelled and every dialog named, for as long as the app lives. */
export function useAriaRepairs(): void {
  // Cards come and go with every screen, and dialogs are drawn at the end of <body>: one
  // observer on the whole body, whose work is two queries per batch of changes.
  const observer = new MutationObserver(repair);
  onMounted(() => {
    repair();
    observer.observe(document.body, { childList: true, subtree: true });
  });
  onBeforeUnmount(() => observer.disconnect());
}
