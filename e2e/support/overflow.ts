// Runs in the page (page.evaluate): nothing of a console page may run past the right edge.

/** What runs past the right edge: the document, the main column, and tables that need a scroll bar. */
export function measureOverflow() {
  const root = document.documentElement;
  const main = document.querySelector('main');
  const nameOf = (el: Element) => {
    const testId = el.getAttribute('data-testid');
    const label = el.getAttribute('aria-label');
    const text = (el.textContent ?? '').trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${testId ? ` data-testid=${testId}` : ''}${label ? ` aria-label="${label}"` : ''}> "${text}"`;
  };
  // The innermost elements of the main column that pass its content edge (or the viewport's): the culprits.
  const edge = main
    ? Math.min(
        root.clientWidth,
        main.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(main).paddingRight),
      )
    : root.clientWidth;
  const past = [...document.querySelectorAll('main *')].filter(
    (el) => el.getBoundingClientRect().right > edge + 0.5,
  );
  const culprits = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
  const tables = [...document.querySelectorAll('[data-slot="table-container"]')]
    .filter((el) => el.scrollWidth > el.clientWidth)
    .map((el) => `${nameOf(el)} needs ${el.scrollWidth - el.clientWidth}px more`);
  return {
    document: { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth },
    main: main ? { scrollWidth: main.scrollWidth, clientWidth: main.clientWidth } : null,
    culprits: culprits.slice(0, 5).map(nameOf),
    tables,
  };
}
